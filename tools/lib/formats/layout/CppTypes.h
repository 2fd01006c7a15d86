// The type model of the save-layout deriver: a type as written (TypeRef) parsed from tokens, the
// brackets that match, a declaration's declarators.
#pragma once

#include "formats/layout/CppLexer.h"

#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace cvv::layout {

// ---------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------
// A type's array dimensions (each one's tokens), outermost first: shared by the copies of a type
// (the interpreter copies types at every step of a read) and copied only when one is changed;
// dropping the outermost (an element's type) copies nothing.
class TypeDims
{
public:
	using const_iterator = std::vector<Toks>::const_iterator;
	bool empty() const { return size() == 0; }
	size_t size() const { return m_p ? m_p->size() - m_iFirst : 0; }
	const_iterator begin() const { return m_p ? m_p->begin() + std::ptrdiff_t(m_iFirst) : const_iterator(); }
	const_iterator end() const { return m_p ? m_p->end() : const_iterator(); }
	const Toks& operator[](size_t i) const { return (*m_p)[m_iFirst + i]; }
	void clear()
	{
		m_p.reset();
		m_iFirst = 0;
	}
	void push_back(Toks a) { own().push_back(std::move(a)); }
	// Only the outermost dimension is erased (an element's type).
	void erase(const_iterator it)
	{
		if (it != begin()) throw std::logic_error("TypeDims::erase: only the outermost dimension");
		if (++m_iFirst == m_p->size()) clear();
	}
	// Only outermost dimensions are erased: [begin(), last).
	void erase(const_iterator first, const_iterator last)
	{
		if (first != begin()) throw std::logic_error("TypeDims::erase: only the outermost dimensions");
		if (first == last) return;
		m_iFirst += size_t(last - first);
		if (m_iFirst == m_p->size()) clear();
	}
	void insert(const_iterator it, Toks a)
	{
		const size_t i = m_p ? size_t(it - begin()) : 0;
		std::vector<Toks>& v = own();
		v.insert(v.begin() + std::ptrdiff_t(i), std::move(a));
	}
	template <typename It>
	void insert(const_iterator it, It first, It last)
	{
		if (first == last) return;
		const size_t i = m_p ? size_t(it - begin()) : 0;
		std::vector<Toks> aNew(first, last); // before own(): [first, last) may be this one's
		std::vector<Toks>& v = own();
		v.insert(
			v.begin() + std::ptrdiff_t(i), std::make_move_iterator(aNew.begin()), std::make_move_iterator(aNew.end()));
	}

private:
	// The dimensions of this type alone, to be changed.
	std::vector<Toks>& own()
	{
		if (m_p && m_p.use_count() == 1 && m_iFirst == 0) return const_cast<std::vector<Toks>&>(*m_p);
		auto p = std::make_shared<std::vector<Toks>>(begin(), end());
		m_p = p;
		m_iFirst = 0;
		return *p;
	}
	std::shared_ptr<const std::vector<Toks>> m_p;
	size_t m_iFirst = 0;
};

struct TypeRef
{
	std::string sName; // "int", "unsigned int", "CvWString", "CLinkList", "ReplayMessageList::_Alloc::size_type"
	std::vector<TypeRef> aArgs;
	int iPtr = 0;
	TypeDims aDims; // array dimensions, outermost first
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
// past it. Returns an invalid TypeRef if no type starts there. Template arguments nested more than 64
// deep are left out.
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
