// Test helper for the save-layout deriver's C++ front end (formats/layout/CppLexer.h): the tokens
// of a text, as a file's lines from line 1.
#pragma once

#include "formats/layout/CppLexer.h"

#include <string>

inline cvv::layout::Toks toks(const std::string& s)
{
	cvv::layout::Toks a;
	cvv::layout::tokenize(s, 1, a);
	return a;
}
