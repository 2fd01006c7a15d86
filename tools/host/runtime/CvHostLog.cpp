// The host's log (CvHostLog.h).
#include "CvHostLog.h"
#include "CvHostRun.h"

#include <stdio.h>
#include <string.h>

CvHostLog& cvHostLog()
{
	static CvHostLog* log = new CvHostLog(); // never destroyed: the core logs from its destructors
	return *log;
}

void CvHostLog::debug(const char* text)
{
	++m_debugLines;
	if (m_echo) fprintf(stderr, "debug: %s", text);
	logMsg("debug.log", text);
}

void CvHostLog::logMsg(const char* file, const char* text)
{
	if (m_folder.empty()) return;
	std::string name(file ? file : "core.log");
	for (char& c : name)
		if (c == '/' || c == '\\') c = '_';
	FILE* out = fopen((m_folder + "/" + name).c_str(), "a");
	if (!out) return;
	fputs(text, out);
	size_t n = strlen(text);
	if (n == 0 || text[n - 1] != '\n') fputc('\n', out);
	fclose(out);
}

void CvHostLog::messageBox(const char* caption, const char* text)
{
	std::string message = std::string(caption) + ": " + text;
	m_messageBoxes.push_back(message);
	cvHostNoteMessageBox(message.c_str());
	if (m_echo) fprintf(stderr, "message box: %s\n", message.c_str());
	logMsg("messageboxes.log", message.c_str());
}
