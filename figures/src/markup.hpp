#pragma once
// Text inside SVG and HTML documents: escaping, and binary data as base64.
#include <string>

namespace reconbound::figures {

// Escapes the five XML special characters (for SVG and HTML text and attribute values).
std::string xml_escape(const std::string& text);

// `bytes` in base64 (RFC 4648, with padding), for a data: URI.
std::string base64(const std::string& bytes);

}  // namespace reconbound::figures
