// The host program under AddressSanitizer and UndefinedBehaviorSanitizer (`cvcore --sanitize`,
// tools/host/cvhost/sanitize.py): linked only into that program, whose runtime files are compiled
// with -fsanitize=address,undefined while the tree's objects are the cached ones, uninstrumented.
//
// What it sets, as the program's own defaults (ASAN_OPTIONS and UBSAN_OPTIONS still override):
//   - the sanitizers' own handlers for the crash signals (allow_user_segv_handler=0: the host's
//     cvHostCatchCrashes asks in vain), so that a crash gives a report with its stack, and the
//     report's end is the host's: the death callback below writes the host's crash line, "the core
//     crashed (segmentation fault) in STEP" (the step as cvHostSetStep named it), and ends the
//     process with exit status 3, as the host's own handler does (CvHostRun.cpp);
//   - the plain host's guard against a damaged size (its 1 GiB address space, which AddressSanitizer's
//     shadow does not leave room for): an allocation over 1 GiB answers NULL
//     (max_allocation_size_mb, allocator_may_return_null), as malloc does in the plain host, and
//     the core then crashes on it, with its step;
//   - no leak check: the host ends with _exit, as the game leaves its globals.
// A report whose top frames are in the tree's code is the tree trusting its input, contained in this
// child process; one in the host's own code (tools/host/runtime) is a bug of the host.
// tests/host/test_host_sanitize.py reads the reports (log_path) and tells the two apart.
#include "CvHostRun.h"

#include <sanitizer/common_interface_defs.h>

#include <stdio.h>
#include <string.h>
#include <unistd.h>

extern "C" const char* __asan_default_options()
{
	return "allow_user_segv_handler=0:handle_segv=1:handle_sigbus=1:handle_sigfpe=1:handle_abort=1:handle_sigill=1"
		   ":allocator_may_return_null=1:max_allocation_size_mb=1024:detect_leaks=0";
}

extern "C" const char* __ubsan_default_options() { return "print_stacktrace=1:halt_on_error=1"; }

namespace {

char g_summary[256] = "";

// The report's kind, in the host's words where the plain host has them: "SUMMARY:
// AddressSanitizer: SEGV (...) in f" gives "segmentation fault", "SUMMARY: AddressSanitizer:
// heap-buffer-overflow ..." gives "AddressSanitizer: heap-buffer-overflow".
void kindOf(char* out, size_t size)
{
	const char* text = g_summary;
	if (strncmp(text, "SUMMARY: ", 9) == 0) text += 9;
	size_t n = strcspn(text, " ");
	if (text[n] == ' ') n += 1 + strcspn(text + n + 1, " ");
	char kind[128];
	snprintf(kind, sizeof(kind), "%.*s", (int)n, text);
	const char* colon = strchr(kind, ':');
	const char* what = colon ? colon + 2 : kind;
	const char* named = strcmp(what, "SEGV") == 0 ? "segmentation fault"
		: strcmp(what, "BUS") == 0                ? "bus error"
		: strcmp(what, "FPE") == 0                ? "arithmetic fault"
		: strcmp(what, "ABRT") == 0               ? "abort"
		: strcmp(what, "ILL") == 0                ? "illegal instruction"
		: strcmp(what, "stack-overflow") == 0     ? "stack overflow"
		: kind[0]                                 ? kind
												  : "a sanitizer's report";
	snprintf(out, size, "%s", named);
}

void onReport()
{
	char kind[160];
	kindOf(kind, sizeof(kind));
	char message[1024];
	int n = snprintf(message, sizeof(message), "cvcore-host: the core crashed (%s) in %s%s\n", kind, cvHostStep(),
		cvHostCrashNote());
	if (n > 0)
	{
		ssize_t ignored = write(2, message, (size_t)n);
		(void)ignored;
	}
	_exit(3);
}

struct Install
{
	Install() { __sanitizer_set_death_callback(onReport); }
} g_install;

} // namespace

// The sanitizers' summary line, kept for the crash line (and written where the sanitizers' own
// would go without this definition, which replaces their weak one).
extern "C" void __sanitizer_report_error_summary(const char* summary)
{
	snprintf(g_summary, sizeof(g_summary), "%s", summary ? summary : "");
	char line[300];
	int n = snprintf(line, sizeof(line), "%s\n", g_summary);
	if (n > 0)
	{
		ssize_t ignored = write(2, line, (size_t)n);
		(void)ignored;
	}
}
