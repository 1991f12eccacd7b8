#pragma once
// RECONBOUND_API marks what the core library exports. Core is built with hidden
// visibility: only declarations marked with it are visible to the CLI, the plugins, the
// tests and SDK users (docs/writing-a-plugin.md, "The ABI rule"). Mark a class (its
// vtable, typeinfo and members) or a free function declared in a public header.
#define RECONBOUND_API __attribute__((visibility("default")))
