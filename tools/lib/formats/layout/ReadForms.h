// The forms of a statement that touches the stream, recognised in one place by the statement's
// tokens alone: the runner reads by them (LayoutRunner::streamStatement) and the report describes
// them (LayoutRunner::describeSimple), so the two cannot disagree on what a statement is. What a
// form then means (which class's read(), whether an argument passes the stream) is the runner's.
#pragma once

#include "formats/layout/CppStatements.h"

#include <string>
#include <utility>
#include <vector>

namespace cvv::layout {

struct ReadForm
{
	enum Kind {
		Unknown, // none of the forms below: the deriver cannot follow it
		StringAssign, // X = S->ReadString() or S->ReadWideString()
		OtherAssign, // any other X = ...
		StreamCall, // S->Read(...), S->ReadString(...), (*S).Read(...): the stream's own method
		TemplateCall, // name<ARGS>(...) or obj.name<ARGS>(...): a member function template
		BaseCall, // Base::read(S): the same object, read as its base class
		ObjectCall, // obj.read(S), obj->read(S), m->list.Read(S): a sub-object's method
		PlainCall, // read(S), ReadList(S, m_list): a method of the class or a free function
	};
	Kind eKind = Unknown;
	size_t iAssign = std::string::npos; // the '=' at the top (StringAssign, OtherAssign)
	size_t iOpen = std::string::npos; // the '(' of the statement's last call, if it ends with one
	size_t iName = std::string::npos; // the callee's name; TemplateCall: the template's, before its '<'
	size_t iObjectEnd = std::string::npos; // the '.' or '->' after the object a[b, iObjectEnd) whose
		// method is called (StreamCall, ObjectCall, TemplateCall on one)
	bool bWide = false; // StringAssign: ReadWideString
	std::vector<std::pair<size_t, size_t>> aArgs; // the last call's arguments
};

// The form of the statement a[b, e) (without its ';') in a function whose stream parameter is sStream.
ReadForm readFormOf(const Toks& a, size_t b, size_t e, const std::string& sStream);

// Whether a[b, e) is the stream itself: S, *S, &S, (*S).
bool isStreamAlone(const Toks& a, size_t b, size_t e, const std::string& sStream);

} // namespace cvv::layout
