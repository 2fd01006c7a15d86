// The forms of a statement that touches the stream; see ReadForms.h.
#include "formats/layout/ReadForms.h"

namespace cvv::layout {

namespace {

bool isMemberAccess(const Tok& k) { return k.s == "." || k.s == "->"; }

// name<ARGS>(...) or obj.name<ARGS>(...) ending at the call's '(' iOpen, whose '>' is a[iOpen - 1].
void templateCall(const Toks& a, size_t b, ReadForm& r)
{
	const size_t iOpen = r.iOpen;
	size_t iLt = iOpen - 1;
	for (int iAngle = 0;; --iLt)
	{
		if (a[iLt].s == ">") ++iAngle;
		if (a[iLt].s == "<" && --iAngle == 0) break;
		if (iLt == b) return;
	}
	if (iLt <= b || a[iLt - 1].k != 'i' || matchClose(a, iLt) != iOpen - 1) return;
	const size_t iName = iLt - 1;
	if (iName == b)
	{
		r.eKind = ReadForm::TemplateCall;
		r.iName = iName;
	}
	else if (iName >= b + 2 && isMemberAccess(a[iName - 1]))
	{
		r.eKind = ReadForm::TemplateCall;
		r.iName = iName;
		r.iObjectEnd = iName - 1;
	}
}

} // namespace

bool isStreamAlone(const Toks& a, size_t b, size_t e, const std::string& sStream)
{
	size_t i = b;
	while (i < e && (a[i].s == "*" || a[i].s == "&" || a[i].s == "(")) ++i;
	size_t j = e;
	while (j > i && a[j - 1].s == ")") --j;
	return j == i + 1 && a[i].s == sStream;
}

ReadForm readFormOf(const Toks& a, size_t b, size_t e, const std::string& sStream)
{
	const CallShape k = callShapeOf(a, b, e);
	ReadForm r;
	r.iAssign = k.iAssign;
	r.iOpen = k.iOpen;
	r.aArgs = k.aArgs;
	if (k.iAssign != std::string::npos)
	{
		const size_t q = k.iAssign + 1;
		const bool bString = q + 4 < e + 1 && a[q].s == sStream && isMemberAccess(a[q + 1])
			&& (a[q + 2].s == "ReadString" || a[q + 2].s == "ReadWideString") && a[q + 3].s == "(" && a[q + 4].s == ")";
		r.eKind = bString ? ReadForm::StringAssign : ReadForm::OtherAssign;
		r.bWide = bString && a[q + 2].s == "ReadWideString";
		return r;
	}
	const size_t iOpen = k.iOpen;
	if (iOpen == std::string::npos || iOpen <= b) return r;
	if (a[iOpen - 1].s == ">")
	{
		if (iOpen > b + 3) templateCall(a, b, r);
		return r;
	}
	if (a[iOpen - 1].k != 'i') return r;
	r.iName = iOpen - 1;
	if (iOpen >= b + 3 && isMemberAccess(a[iOpen - 2]))
	{
		r.iObjectEnd = iOpen - 2;
		r.eKind = isStreamAlone(a, b, iOpen - 2, sStream) ? ReadForm::StreamCall : ReadForm::ObjectCall;
	}
	else if (iOpen == b + 3 && a[iOpen - 2].s == "::" && a[b].k == 'i')
		r.eKind = ReadForm::BaseCall;
	else if (iOpen == b + 1)
		r.eKind = ReadForm::PlainCall;
	return r;
}

} // namespace cvv::layout
