// What the core tells the executable: its debug output, its logs (gDLL->logMsg) and its message
// boxes, which are how its XML loader reports a broken file. The host keeps the message boxes
// (the run's errors), writes the logs into the log folder when one is given, and counts the rest.
#pragma once

#include <string>
#include <vector>

class CvHostLog
{
public:
	void setFolder(const std::string& folder) { m_folder = folder; }
	void setEcho(bool echo) { m_echo = echo; }

	void debug(const char* text);
	void logMsg(const char* file, const char* text);
	void messageBox(const char* caption, const char* text);

	const std::vector<std::string>& messageBoxes() const { return m_messageBoxes; }
	int debugLines() const { return m_debugLines; }

private:
	std::string m_folder;
	bool m_echo = false;
	int m_debugLines = 0;
	std::vector<std::string> m_messageBoxes;
};

CvHostLog& cvHostLog();
