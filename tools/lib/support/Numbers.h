// Whole numbers as the readers and the command lines take them: decimal, an optional sign, the
// whole text, within the int range the caller gives. "not a whole number" and "out of range"
// are told apart, so that 2147483647 is read and 1000000 where 0..32 is wanted says so.
#pragma once

#include <cerrno>
#include <cctype>
#include <climits>
#include <cstdlib>
#include <string>

namespace cvv {

enum class NumberRead { Ok, NotANumber, OutOfRange };

inline NumberRead readWholeNumber(const std::string& sText, long long llMin, long long llMax, int& iOut)
{
	if (sText.empty() || sText.size() > 64 || std::isspace(static_cast<unsigned char>(sText[0])))
	{
		return NumberRead::NotANumber;
	}
	char* szEnd = nullptr;
	errno = 0;
	const long long llValue = std::strtoll(sText.c_str(), &szEnd, 10);
	if (szEnd == sText.c_str() || *szEnd != '\0')
	{
		return NumberRead::NotANumber;
	}
	if (errno == ERANGE || llValue < llMin || llValue > llMax || llValue < INT_MIN || llValue > INT_MAX)
	{
		return NumberRead::OutOfRange;
	}
	iOut = static_cast<int>(llValue);
	return NumberRead::Ok;
}

// "'x' is not a whole number" or "1000000 is out of range 0..32" for a value that is not Ok.
inline std::string wholeNumberProblem(NumberRead eRead, const std::string& sText, long long llMin, long long llMax)
{
	if (eRead == NumberRead::NotANumber)
	{
		return "'" + sText + "' is not a whole number";
	}
	return sText + " is out of range " + std::to_string(llMin) + ".." + std::to_string(llMax);
}

} // namespace cvv
