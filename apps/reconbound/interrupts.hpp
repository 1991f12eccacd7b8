#pragma once
// Ctrl-C (SIGINT) and SIGTERM in any phase of any command (README, "Interrupts"): the run stops
// within a second, prints one line on stderr that says how to resume, and exits with 128 + the
// signal (130, 143). Standard output gets nothing of an interrupted command.
//
// The handlers only note the signal and wake a watchdog thread. The computation stops at its
// next progress report (throw_if_interrupted throws reconbound::Cancelled; main catches it);
// in a phase that reports nothing for longer, the watchdog ends the process 0.7 s after the
// signal. A second signal ends it at once. A checkpoint loses nothing either way: its records
// are durable one by one. A command's result waits in stdout's buffer until main writes it
// (write_result), so that neither way of ending cuts a result half-way.
#include <string>

namespace reconbound::cli {

// Once, in main, before a command runs: the handlers, the watchdog and stdout's buffer.
void install_interrupt_handlers();

// On main's thread, which runs every command's computation and is the only one a Progress may
// throw on: throws reconbound::Cancelled once a signal has come. On other threads: nothing.
void throw_if_interrupted();

// For an MPI rank other than 0: its watchdog waits 0.2 s longer than rank 0's, so that rank 0,
// which prints the line, ends first (mpirun kills the others as soon as one rank ends).
void defer_interrupts_to_rank_0();

// Whether SIGINT or SIGTERM has come.
bool interrupted();

// Called by a command that can checkpoint, once it knows its --checkpoint FILE ("" when none
// was given): the line of an interrupt then names FILE, or suggests --checkpoint.
void set_resume_hint(std::string checkpoint_path);

// Whether the progress bar's line on stderr waits for its newline: the line of an interrupt
// then starts on a new one.
void set_bar_line_open(bool open);

// The end of a command stopped by Cancelled: drops what stdout holds, prints the line of the
// interrupt (once) and returns the exit code, 128 + the signal.
int interrupted_exit();

// The end of a command that finished: writes its result, held in stdout's buffer, and returns
// true; when a signal came first, writes nothing and returns false (then interrupted_exit()).
// A failed write shows in ferror(stdout) and errno.
bool write_result();

}  // namespace reconbound::cli
