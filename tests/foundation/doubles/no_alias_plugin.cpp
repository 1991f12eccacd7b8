// A shared library that is no reconbound plugin: it exports a function but no alias.
extern "C" __attribute__((visibility("default"))) int not_a_plugin() { return 42; }
