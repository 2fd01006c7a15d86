// The statements of a function body (the save-layout deriver's second part): the statement tree
// (Stmt) a StmtParser builds from a body's tokens, the argument lists, the shapes of a simple
// statement and of a call.
#pragma once

#include "formats/SaveLayout.h"
#include "formats/layout/CppTypes.h"

#include <string>
#include <utility>
#include <vector>

namespace cvv::layout {

// ---------------------------------------------------------------------------------------------
// Statements
// ---------------------------------------------------------------------------------------------
struct Stmt
{
	enum Kind {
		Block,
		If,
		For,
		While,
		Do,
		Simple, // an expression or a declaration: a[b, e) without the ';'
		Return,
		Break,
		Continue,
		Switch, // the value b..e; aKids the body's statements, aCases where each label enters
		Other // try, goto...: followed only if it does not name the stream
	};
	Kind eKind = Simple;
	int iLine = 0;
	size_t b = 0, e = 0; // Simple/Return: the tokens; If/While/Do: the condition; For: the init
	size_t b2 = 0, e2 = 0, b3 = 0, e3 = 0; // For: the condition and the step
	std::vector<Stmt> aKids; // Block: the statements; If: then, [else]; For/While/Do: the body
	struct Case
	{
		size_t b = 0, e = 0; // the label's value (empty for 'default')
		size_t iKid = 0; // the first statement it enters
		int iLine = 0;
	};
	std::vector<Case> aCases; // Switch: the labels in order
	bool bStream = false; // names the stream (here or below)
};

// A parameter list a[b, e) split at its top-level commas (outside (), [], {} and a template's <>):
// each parameter's [begin, end).
std::vector<std::pair<size_t, size_t>> parameterRanges(const Toks& a, size_t b, size_t e);

// The tokens of a[b, e) split at its top-level commas (outside (), [], {} and <>).
std::vector<Toks> splitArguments(const Toks& a, size_t b, size_t e);

bool namesStream(const Toks& a, size_t b, size_t e, const std::string& sStream);

template <size_t N>
size_t findTop(const Toks& a, size_t b, size_t e, const char (&s)[N])
{
	int iDepth = 0;
	for (size_t i = b; i < e; ++i)
	{
		const TokText& t = a[i].s;
		if (iDepth == 0 && t == s) return i;
		if (t.size() != 1) continue;
		if (t[0] == '(' || t[0] == '[' || t[0] == '{')
			++iDepth;
		else if (t[0] == ')' || t[0] == ']' || t[0] == '}')
			--iDepth;
	}
	return std::string::npos;
}

// The names of the non-type parameters of `template <class T, int N = 0>` at a[iTemplate] (N).
std::vector<std::string> valueTemplateParameters(const Toks& a, size_t iTemplate);

class StmtParser
{
public:
	// aWrappers: the objects of a tagged save wrapper the body attaches to the stream, whose
	// statements read as the stream's do (formats/TaggedLayout.h)
	StmtParser(
		const Toks& a, const std::string& sStream, const std::string& sWhere, std::vector<std::string> aWrappers = {})
		: m_a(a), m_sStream(sStream), m_sWhere(sWhere), m_aWrappers(std::move(aWrappers))
	{}

	// The statement at m_a[i] (i moves past it); a LayoutError if it is malformed or its statements
	// nest more than kMaxNesting deep.
	Stmt parse(size_t& i, size_t e);

	static constexpr int kMaxNesting = 256;

private:
	// switch (value) { case A: ... default: ... }: the labels of the body's own level, each the
	// index of the statement it enters.
	void parseSwitch(Stmt& s, size_t& i, size_t e);

	[[noreturn]] void fail(size_t i, const std::string& sWhat) const;
	size_t close(size_t iOpen, size_t e) const;
	size_t endOf(size_t i, size_t e) const;

	const Toks& m_a;
	std::string m_sStream;
	std::string m_sWhere;
	int m_iNesting = 0; // the statements parse() is within
	std::vector<std::string> m_aWrappers;
};

// What a statement that does not touch the stream is, by its tokens alone (LayoutRunner::simple):
// a declaration (unless its first name is a local), a call of another object's method, a call.
struct SimpleShape
{
	bool bDeclaration = false; // declares aDecl, unless a[iFirstName] names a local
	size_t iFirstName = 0;
	std::vector<Declarator> aDecl;
	size_t iDot = std::string::npos; // obj.method(args): the '.' or '->'
	bool bAssigns = false; // an '=' at the top
	bool bCall = false; // name(args)
	std::vector<size_t> aBare; // name(args): the arguments that are a variable or its address
};

// The declaration test of a[b, e) without the locals: where the name a local would shadow is.
bool looksLikeDeclaration(const Toks& a, size_t b, size_t e, size_t& iFirstName);

SimpleShape shapeOf(const Toks& a, size_t b, size_t e);

// The shape of a statement that reads (LayoutRunner::streamStatement), by its tokens alone: its '=' at
// the top, or the '(' of its last call and that call's arguments.
struct CallShape
{
	size_t iAssign = std::string::npos;
	size_t iOpen = std::string::npos; // set if the statement ends with ')'
	std::vector<std::pair<size_t, size_t>> aArgs; // set if iOpen is past the statement's start
};

CallShape callShapeOf(const Toks& a, size_t b, size_t e);

} // namespace cvv::layout
