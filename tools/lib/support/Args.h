#pragma once
// Command-line arguments, as cvvision and civ2huts take them:
//  * an option is an argument that starts with '-' (not '-' alone): "--name", or "--name VALUE"
//    for one that takes a value (also "--name=VALUE"); any option may be repeated (in the order
//    given: the caller decides whether the last wins or each counts);
//  * any other argument is positional;
//  * "-h" or "--help" anywhere asks for help, and nothing else is checked.
// Bad usage throws UsageError with a message naming the argument: "unexpected argument '--frob'",
// "--team needs a value", "--json takes no value", "--team needs a whole number, not '1x'",
// "--range 33 is out of range 0..32", "--format is tsv or json, not 'xml'".
#include <climits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace cvv {

// Bad usage (exit status 2 in both programs).
class UsageError : public std::runtime_error
{
public:
	using std::runtime_error::runtime_error;
};

struct ArgOption
{
	std::string sName; // "--team"
	std::string sValue; // the value's name in help ("T", "X,Y", "tsv|json"); empty: a flag
	std::string sHelp; // what it means, for help
};

struct ParsedArgs
{
	bool bHelp = false;
	std::vector<std::pair<std::string, std::string>> aOptions; // name and value ("" for a flag), as given
	std::vector<std::string> asPositionals;

	bool has(const std::string& sName) const;
	// Every value given to sName, in order.
	std::vector<std::string> values(const std::string& sName) const;
};

// asArgs against the options a command takes; more than uMaxPositionals positional arguments is
// "unexpected argument 'x'" (fewer is the caller's to check). Throws UsageError.
ParsedArgs parseArgs(
	const std::vector<std::string>& asArgs, const std::vector<ArgOption>& aOptions, size_t uMaxPositionals);

// Values (sOption names the option in messages). Each throws UsageError.
// A whole number (support/Numbers.h) in llMin..llMax.
int argInt(const std::string& sOption, const std::string& sValue, long long llMin = INT_MIN, long long llMax = INT_MAX);
// A whole number 0..4294967295.
unsigned int argUnsigned(const std::string& sOption, const std::string& sValue);
// Whole numbers separated by commas: "1,7".
std::vector<int> argInts(const std::string& sOption, const std::string& sValue);
// "X,Y".
std::pair<int, int> argPoint(const std::string& sOption, const std::string& sValue);
// One of asChoices: "--format is text or json, not 'xml'".
const std::string& argChoice(
	const std::string& sOption, const std::string& sValue, const std::vector<std::string>& asChoices);

// Help text: sText wrapped into lines of at most uWidth characters (words longer than a line stand
// alone), each after uIndent spaces; a "\n" in sText starts a new line. Ends with "\n".
std::string wrapText(const std::string& sText, size_t uIndent, size_t uWidth = 100);
// "  LEFT" padded to uColumn, then sText wrapped from there (on the next line when LEFT is too long).
std::string helpRow(const std::string& sLeft, const std::string& sText, size_t uColumn = 23, size_t uWidth = 100);
// A helpRow per option: "--name VALUE" and its meaning.
std::string optionsHelp(const std::vector<ArgOption>& aOptions, size_t uColumn = 23, size_t uWidth = 100);

} // namespace cvv
