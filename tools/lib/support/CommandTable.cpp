// See CommandTable.h.
#include "support/CommandTable.h"

namespace cvv {

const char* const HELP_OPTION = "-h, --help";

std::string exitHelp(const std::string& sExit, const char* szExtra)
{
	const std::string sHead = "exit status: ";
	const std::string sBody = wrapText(sExit + (*szExtra ? std::string(", ") + szExtra : ""), sHead.size());
	return sHead + sBody.substr(sHead.size());
}

std::string commandUsage(const char* szName, const char* szArgument)
{
	return std::string(szName) + (*szArgument ? " " : "") + szArgument;
}

std::string globalHelpHead(const char* szProgram)
{
	const std::string sProgram = szProgram;
	return "usage: " + sProgram + " COMMAND [ARGS] [OPTIONS]\n       " + sProgram + " COMMAND --help, " + sProgram
		+ " help COMMAND: the command's arguments and options\n\ncommands:\n";
}

} // namespace cvv
