// The preprocessor of the save-layout deriver: the #if expressions' evaluator and the expansion of
// function-like macros (SaveLayout::Impl::preprocess, in CppPreprocessor.cpp, resolves a file's
// #if branches with them).
#pragma once

#include "formats/layout/CppLexer.h"

#include <functional>
#include <string>
#include <unordered_set>
#include <vector>

namespace cvv::layout {

// A function-like #define: its parameters and body (docs/file-formats.md, "Saves of mods": the macros
// a function's code is built with are expanded as the compiler does).
struct FunctionMacro
{
	std::vector<std::string> aParams;
	bool bVariadic = false;
	Toks aBody;
	bool bDefined = true; // false: #undef'd in this file
};

using FunctionMacroLookup = std::function<const FunctionMacro*(const std::string&)>;

// "NAME(a, b) body" after a #define: the parameters and body into k; false if it is malformed.
bool parseFunctionMacro(const std::string& sAfterName, int iLine, FunctionMacro& k);

// The tokens of a macro's body with its arguments put in (# stringises, ## pastes), all on iLine.
Toks substituteMacro(const FunctionMacro& m, const std::vector<Toks>& aArgs, int iLine,
	const FunctionMacroLookup& fLookup, std::unordered_set<std::string>& kDisabled, int iDepth);

// The call of the function-like macro at a[i] (NAME followed by its parenthesised arguments) expanded
// into aOut, its arguments and result rescanned, a macro not within its own expansion; j is its ')'.
// False if a[i] calls no macro (pNames: the names that may be one).
bool expandCall(const Toks& a, size_t i, const FunctionMacroLookup& fLookup, std::unordered_set<std::string>& kDisabled,
	int iDepth, const std::unordered_set<std::string>* pNames, size_t& j, Toks& aOut);

// The function-like macros of a[] expanded.
Toks expandMacros(
	const Toks& a, const FunctionMacroLookup& fLookup, std::unordered_set<std::string>& kDisabled, int iDepth);

// A file's tokens with the function-like macros expanded; fAdvance is told each position before a
// macro is looked up there (the #defines and #undefs up to it take effect). The tokens are rewritten
// in place when no expansion makes them longer than they were up to there (most calls of macros
// expand to less than they take), else copied once.
void expandFileMacros(Toks& a, const FunctionMacroLookup& fLookup, const std::function<void(size_t)>& fAdvance,
	const std::unordered_set<std::string>& kNames);

// A #if expression with defined(); identifiers are macro values or 0, as the preprocessor has it.
using MacroLookup = std::function<const Toks*(const std::string&)>;

// The precedence of a binary operator (higher binds tighter); 0 if s is none. Shared with the
// LayoutRunner's expressions.
int binaryPrec(const TokText& s);

// x op y into r; false if op is no binary operator or the result is undefined (a division by 0, or
// LLONG_MIN by -1). +, -, * and << wrap around (two's complement), as the compiled code's do.
bool applyBinary(const TokText& op, long long x, long long y, long long& r);

// The expression at a[i] whose operators bind tighter than iPrec (0: all of it); i moves past it.
// Throws LayoutError if its parentheses, unary operators and macro values nest more than 256 deep.
long long evalPreprocessor(const Toks& a, size_t& i, size_t e, const MacroLookup& kMacros, int iPrec, int iDepth);

} // namespace cvv::layout
