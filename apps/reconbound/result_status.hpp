#pragma once
// The exit status of a command that printed its whole result: 0, or 3 when the result shows a
// violation of the mathematics — an attack that beats the bound (mathematics §9; README "exit
// codes"). The result is printed all the same; the status tells a script that something is wrong.
#include <string>

namespace reconbound::cli {

inline constexpr int kViolationExit = 3;

// Prints "reconbound: violation: LINE" on stderr (rank 0 only) and makes the exit status 3.
void report_violation(const std::string& line);

// 0, or kViolationExit after report_violation.
int result_status();

}  // namespace reconbound::cli
