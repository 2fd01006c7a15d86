// See Args.h.
#include "support/Args.h"

#include "support/Numbers.h"

#include <cerrno>
#include <cstdlib>

namespace cvv {

namespace {
bool isOption(const std::string& sArg) { return sArg.size() > 1 && sArg[0] == '-'; }

const ArgOption* findOption(const std::vector<ArgOption>& aOptions, const std::string& sName)
{
	for (const ArgOption& kOption : aOptions)
	{
		if (kOption.sName == sName)
		{
			return &kOption;
		}
	}
	return nullptr;
}
}

bool ParsedArgs::has(const std::string& sName) const
{
	for (const auto& kOption : aOptions)
	{
		if (kOption.first == sName)
		{
			return true;
		}
	}
	return false;
}

std::vector<std::string> ParsedArgs::values(const std::string& sName) const
{
	std::vector<std::string> asValues;
	for (const auto& kOption : aOptions)
	{
		if (kOption.first == sName)
		{
			asValues.push_back(kOption.second);
		}
	}
	return asValues;
}

ParsedArgs parseArgs(
	const std::vector<std::string>& asArgs, const std::vector<ArgOption>& aOptions, size_t uMaxPositionals)
{
	ParsedArgs kParsed;
	for (const std::string& sArg : asArgs)
	{
		if (sArg == "-h" || sArg == "--help")
		{
			kParsed.bHelp = true;
			return kParsed;
		}
	}
	for (size_t i = 0; i < asArgs.size(); ++i)
	{
		const std::string& sArg = asArgs[i];
		if (!isOption(sArg))
		{
			if (kParsed.asPositionals.size() >= uMaxPositionals)
			{
				throw UsageError("unexpected argument '" + sArg + "'");
			}
			kParsed.asPositionals.push_back(sArg);
			continue;
		}
		const size_t uEquals = sArg.compare(0, 2, "--") == 0 ? sArg.find('=') : std::string::npos;
		const std::string sName = sArg.substr(0, uEquals);
		const ArgOption* pOption = findOption(aOptions, sName);
		if (pOption == nullptr)
		{
			throw UsageError("unexpected argument '" + sArg + "'");
		}
		if (pOption->sValue.empty())
		{
			if (uEquals != std::string::npos)
			{
				throw UsageError(sName + " takes no value");
			}
			kParsed.aOptions.emplace_back(sName, "");
			continue;
		}
		if (uEquals != std::string::npos)
		{
			kParsed.aOptions.emplace_back(sName, sArg.substr(uEquals + 1));
			continue;
		}
		if (i + 1 >= asArgs.size())
		{
			throw UsageError(sName + " needs a value");
		}
		kParsed.aOptions.emplace_back(sName, asArgs[++i]);
	}
	return kParsed;
}

int argInt(const std::string& sOption, const std::string& sValue, long long llMin, long long llMax)
{
	int iValue = 0;
	const NumberRead eRead = readWholeNumber(sValue, llMin, llMax, iValue);
	if (eRead == NumberRead::NotANumber)
	{
		throw UsageError(sOption + " needs a whole number, not '" + sValue + "'");
	}
	if (eRead != NumberRead::Ok)
	{
		throw UsageError(sOption + " " + wholeNumberProblem(eRead, sValue, llMin, llMax));
	}
	return iValue;
}

unsigned int argUnsigned(const std::string& sOption, const std::string& sValue)
{
	const bool bDigits = !sValue.empty() && sValue.find_first_not_of("0123456789") == std::string::npos;
	errno = 0;
	const unsigned long long ullValue = bDigits ? std::strtoull(sValue.c_str(), nullptr, 10) : 0;
	if (!bDigits || errno == ERANGE || ullValue > 0xFFFFFFFFull)
	{
		throw UsageError(sOption + " needs a whole number 0..4294967295, not '" + sValue + "'");
	}
	return static_cast<unsigned int>(ullValue);
}

std::vector<int> argInts(const std::string& sOption, const std::string& sValue)
{
	std::vector<int> aiValues;
	size_t uStart = 0;
	for (;;)
	{
		const size_t uComma = sValue.find(',', uStart);
		aiValues.push_back(argInt(sOption, sValue.substr(uStart, uComma - uStart)));
		if (uComma == std::string::npos)
		{
			return aiValues;
		}
		uStart = uComma + 1;
	}
}

std::pair<int, int> argPoint(const std::string& sOption, const std::string& sValue)
{
	const size_t uComma = sValue.find(',');
	if (uComma == std::string::npos)
	{
		throw UsageError(sOption + " needs X,Y, not '" + sValue + "'");
	}
	return { argInt(sOption, sValue.substr(0, uComma)), argInt(sOption, sValue.substr(uComma + 1)) };
}

const std::string& argChoice(
	const std::string& sOption, const std::string& sValue, const std::vector<std::string>& asChoices)
{
	std::string sChoices;
	for (size_t i = 0; i < asChoices.size(); ++i)
	{
		if (asChoices[i] == sValue)
		{
			return asChoices[i];
		}
		sChoices += (i == 0 ? "" : i + 1 == asChoices.size() ? " or " : ", ") + asChoices[i];
	}
	throw UsageError(sOption + " is " + sChoices + ", not '" + sValue + "'");
}

std::string wrapText(const std::string& sText, size_t uIndent, size_t uWidth)
{
	const std::string sIndent(uIndent, ' ');
	std::string sOut;
	size_t uLineStart = 0;
	for (;;)
	{
		const size_t uLineEnd = sText.find('\n', uLineStart);
		const std::string sLine = sText.substr(uLineStart, uLineEnd - uLineStart);
		std::string sCurrent;
		size_t uWord = 0;
		while (uWord < sLine.size())
		{
			const size_t uSpace = sLine.find(' ', uWord);
			const std::string sWord = sLine.substr(uWord, uSpace - uWord);
			uWord = uSpace == std::string::npos ? sLine.size() : uSpace + 1;
			if (sWord.empty())
			{
				continue;
			}
			if (!sCurrent.empty() && uIndent + sCurrent.size() + 1 + sWord.size() > uWidth)
			{
				sOut += sIndent + sCurrent + "\n";
				sCurrent.clear();
			}
			sCurrent += (sCurrent.empty() ? "" : " ") + sWord;
		}
		sOut += sCurrent.empty() ? "\n" : sIndent + sCurrent + "\n";
		if (uLineEnd == std::string::npos)
		{
			return sOut;
		}
		uLineStart = uLineEnd + 1;
	}
}

std::string helpRow(const std::string& sLeft, const std::string& sText, size_t uColumn, size_t uWidth)
{
	const std::string sHead = "  " + sLeft;
	const std::string sBody = wrapText(sText, uColumn, uWidth);
	if (sHead.size() + 1 > uColumn || sBody.compare(0, uColumn, std::string(uColumn, ' ')) != 0)
	{
		return sHead + "\n" + (sText.empty() ? "" : sBody);
	}
	return sHead + sBody.substr(sHead.size());
}

std::string optionsHelp(const std::vector<ArgOption>& aOptions, size_t uColumn, size_t uWidth)
{
	std::string sOut;
	for (const ArgOption& kOption : aOptions)
	{
		sOut += helpRow(
			kOption.sName + (kOption.sValue.empty() ? "" : " " + kOption.sValue), kOption.sHelp, uColumn, uWidth);
	}
	return sOut;
}

} // namespace cvv
