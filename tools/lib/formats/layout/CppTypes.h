// The type model of the save-layout deriver: a type as written (TypeRef) parsed from tokens, the
// brackets that match, a declaration's declarators.
#pragma once

#include "formats/layout/CppLexer.h"

#include <map>
#include <string>
#include <vector>

namespace cvv::layout {

// ---------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------
struct TypeRef
{
	std::string sName; // "int", "unsigned int", "CvWString", "CLinkList", "ReplayMessageList::_Alloc::size_type"
	std::vector<TypeRef> aArgs;
	int iPtr = 0;
	std::vector<Toks> aDims; // array dimensions, outermost first
	bool bValid = false;
};

std::string typeText(const TypeRef& k);

std::string joinToks(const Toks& a, size_t b, size_t e);

// The closing '>', ')', ']' or '}' of the bracket at a[iOpen] (by characters: every step of a read
// looks for some); npos if it has none (for '<': none before a ';' or a '{').
size_t matchClose(const Toks& a, size_t iOpen);

// matchClose for any other token: its matches counted, closed by '>'.
size_t matchCloseOfAny(const Toks& a, size_t iOpen);

// `template <class T, typename U>` at a[iTemplate]: the parameters' names into aTemplate (cleared
// first); returns the index of the closing '>' (npos, aTemplate untouched, if it has none).
size_t templateParameters(const Toks& a, size_t iTemplate, std::vector<std::string>& aTemplate);

// Parses a type at a[i] (qualifiers, a qualified name, template arguments, pointer stars); i moves
// past it. Returns an invalid TypeRef if no type starts there.
TypeRef parseType(const Toks& a, size_t& i, size_t e);

// One declared name: its type (with its own stars and dimensions) and the tokens of its initialiser.
struct Declarator
{
	TypeRef kType;
	std::string sName;
	size_t iInit = 0, iInitEnd = 0; // "= expr" or "(args)"; empty if none
	bool bCtorArgs = false;
};

// "int a, *b[3] = ..." in a[b, e) (no ';'). Returns false if it is not a declaration.
bool parseDeclaration(const Toks& a, size_t b, size_t e, std::vector<Declarator>& aOut);

} // namespace cvv::layout
