// The LayoutRunner's description of a read (save-layout's report): the statements that read, in
// order, with the calls they reach.
#include "formats/layout/LayoutRunner.h"

#include <algorithm>
#include <cstring>

namespace cvv::layout {

void LayoutRunner::describe(const std::string& sEntry, LayoutClassReport& kOut, std::vector<std::string>& aReached)
{
	// "Class", "Outer::Inner" (a class: its read) or "Class::Method"
	const size_t iColons = m_t.findClass(sEntry) ? std::string::npos : sEntry.rfind("::");
	const std::string sClass = sEntry.substr(0, iColons);
	const std::string sMethod = iColons == std::string::npos ? std::string("read") : sEntry.substr(iColons + 2);
	const Function* f = m_t.findMethod(sClass, sMethod, true);
	kOut.sClass = sClass;
	if (!f)
	{
		kOut.sError = "no " + sClass + "::" + sMethod + "(FDataStreamBase*) in the tree";
		return;
	}
	kOut.sFunction = f->sName;
	const Toks& a = m_t.aFiles[size_t(f->iFile)].aToks;
	kOut.sWhere = m_t.aFiles[size_t(f->iFile)].sName + ":" + std::to_string(a[f->iBody].iLine);
	try
	{
		Frame k;
		k.sClass = sClass;
		k.pFunc = f;
		describeStmt(m_t.body(*f), k, 0, kOut, aReached);
	}
	catch (const LayoutError& e)
	{
		kOut.sError = e.what();
	}
}

void LayoutRunner::describeLabel(const Stmt::Case& k, Frame& f, int iDepth, LayoutClassReport& kOut)
{
	const std::string sLabel = k.e == k.b ? "default:" : "case " + joinToks(toks(f), k.b, k.e) + ":";
	kOut.aszFields.push_back(std::string(size_t(iDepth) * 2, ' ') + sLabel + "  ["
		+ m_t.aFiles[size_t(f.pFunc->iFile)].sName + ":" + std::to_string(k.iLine) + "]");
}

void LayoutRunner::describeStmt(
	const Stmt& s, Frame& f, int iDepth, LayoutClassReport& kOut, std::vector<std::string>& aReached)
{
	if (!s.bStream) return;
	const Toks& a = toks(f);
	const std::string sIndent(size_t(iDepth) * 2, ' ');
	auto line = [&](const std::string& sText) {
		kOut.aszFields.push_back(
			sIndent + sText + "  [" + m_t.aFiles[size_t(f.pFunc->iFile)].sName + ":" + std::to_string(s.iLine) + "]");
	};
	switch (s.eKind)
	{
	case Stmt::Block:
		for (const Stmt& k : s.aKids) describeStmt(k, f, iDepth, kOut, aReached);
		return;
	case Stmt::If:
		line("if (" + joinToks(a, s.b, s.e) + ")");
		describeStmt(s.aKids[0], f, iDepth + 1, kOut, aReached);
		if (s.aKids.size() > 1)
		{
			line("else");
			describeStmt(s.aKids[1], f, iDepth + 1, kOut, aReached);
		}
		return;
	case Stmt::For:
	case Stmt::While:
	case Stmt::Do:
		line(std::string(s.eKind == Stmt::For ? "for (" + joinToks(a, s.b2, s.e2) : "while (" + joinToks(a, s.b, s.e))
			+ ")");
		describeStmt(s.aKids[0], f, iDepth + 1, kOut, aReached);
		return;
	case Stmt::Switch:
		line("switch (" + joinToks(a, s.b, s.e) + ")");
		for (size_t iKid = 0; iKid < s.aKids.size(); ++iKid)
		{
			for (const Stmt::Case& k : s.aCases)
				if (k.iKid == iKid) describeLabel(k, f, iDepth + 1, kOut);
			describeStmt(s.aKids[iKid], f, iDepth + 2, kOut, aReached);
		}
		return;
	case Stmt::Simple: describeSimple(a, s, f, line, aReached); return;
	default: fail(where(f, s.iLine), "cannot follow '" + a[s.b].s + "' around a read");
	}
}

template <typename Line>
void LayoutRunner::describeSimple(
	const Toks& a, const Stmt& s, Frame& f, Line& line, std::vector<std::string>& aReached)
{
	bool bTagged = false;
	const std::string sTagged = describeTagged(a, s, f, bTagged);
	if (bTagged)
	{
		if (!sTagged.empty()) line(sTagged);
		return;
	}
	const std::string sText = joinToks(a, s.b, s.e);
	const std::string sWhere = where(f, s.iLine);
	const ReadForm& kForm = m_t.readForm(a, s.b, s.e, f.pFunc->sStream);
	if (kForm.eKind == ReadForm::StringAssign)
	{
		line(std::string(kForm.bWide ? "wide string " : "string ") + joinToks(a, s.b, kForm.iAssign));
		return;
	}
	if (kForm.eKind == ReadForm::OtherAssign)
		fail(sWhere, assignmentStop(a, s.b, kForm.iAssign, s.e, f.pFunc->sStream));
	const size_t iOpen = kForm.iOpen;
	// the stream's own calls
	if (kForm.eKind == ReadForm::StreamCall)
	{
		const std::string sCall = a[kForm.iName].s;
		if (sCall == "Read" || sCall == "ReadString" || sCall == "ReadWideString")
		{
			line(sCall + "(" + joinToks(a, iOpen + 1, s.e - 1) + ")");
			return;
		}
		fail(sWhere, "cannot follow the stream call '" + sCall + "'");
	}
	// name<ARGS>(...): a member function template of this class (or of an object's), its
	// specialisation chosen by the arguments' values when it runs
	if (kForm.eKind == ReadForm::TemplateCall)
	{
		if (kForm.iObjectEnd == std::string::npos && !f.sClass.empty()
			&& !m_t.methodsNamed(f.sClass, a[kForm.iName].s).empty())
		{
			line(f.sClass + "::" + joinToks(a, s.b, iOpen));
			return;
		}
		if (kForm.iObjectEnd != std::string::npos)
		{
			line(joinToks(a, s.b, iOpen) + " (a member function template of " + joinToks(a, s.b, kForm.iObjectEnd)
				+ "'s class)");
			return;
		}
	}
	if (kForm.iName == std::string::npos || kForm.eKind == ReadForm::TemplateCall)
		fail(sWhere,
			"cannot follow '" + sText + "'"
				+ (iOpen == std::string::npos ? std::string() : templateCallNote(a, s.b, iOpen)));
	const std::string sCallee = a[kForm.iName].s;
	// a sub-object or a base class: name the class it reads
	if (kForm.eKind == ReadForm::BaseCall)
	{
		const std::string sClass = a[s.b].s;
		if (!m_t.findMethod(sClass, sCallee, true))
			fail(sWhere, "no " + sClass + "::" + sCallee + "(FDataStreamBase) in the tree");
		line(sClass + "::" + sCallee + " (the base class)");
		aReached.push_back(sCallee == "read" ? sClass : sClass + "::" + sCallee);
		return;
	}
	if (kForm.eKind == ReadForm::ObjectCall)
	{
		const std::string sObject = joinToks(a, s.b, iOpen - 2);
		// the object's type: a member or a local declared above (static: members only, locals by name)
		TypeRef k;
		std::string sRoot = a[s.b].s == "this" && s.b + 2 < iOpen ? a[s.b + 2].s : a[s.b].s;
		std::string sClass;
		if (memberType(f.sClass, sRoot, k, {}))
		{
			k = objectClass(resolve(k, f)); // through typedefs
			// m->data.list: each member along the way, in the class of the one before
			for (size_t j = a[s.b].s == "this" ? s.b + 3 : s.b + 1; j + 1 < iOpen - 2; j += 2)
			{
				if (a[j].s == "[")
				{
					j = matchClose(a, j) - 1;
					continue;
				}
				TypeRef kNext;
				if ((a[j].s != "." && a[j].s != "->") || a[j + 1].k != 'i'
					|| !memberType(k.sName, a[j + 1].s, kNext, {}))
					break;
				k = objectClass(resolve(kNext, f));
			}

			if ((k.sName == "vector" || k.sName == "list") && !k.aArgs.empty()) k = objectClass(k.aArgs[0]);
			sClass = k.sName;
			if (!k.aArgs.empty()) sClass += "<" + typeText(k.aArgs[0]) + ">";
		}
		else
			sClass = localType(a, f, sRoot);
		const std::string sBare = sClass.substr(0, sClass.find('<'));
		if (sBare.empty() || (!m_t.findMethod(sBare, sCallee, true) && !f.kTemplate.count(sBare) && sBare != "T"))
			fail(sWhere,
				"cannot follow '" + sText + "': no " + (sBare.empty() ? sObject : sBare) + "::" + sCallee
					+ "(FDataStreamBase) in the tree");
		line(sClass + "::" + sCallee + " (" + sObject + ")");
		if (m_t.findClass(sBare)) aReached.push_back(sCallee == "read" ? sBare : sBare + "::" + sCallee);
		return;
	}
	if (kForm.eKind == ReadForm::PlainCall)
	{
		if (!f.sClass.empty() && m_t.findMethod(f.sClass, sCallee, true))
		{
			line(f.sClass + "::" + sCallee);
			return;
		}
		treeFunction(sCallee, CodeLine{ f.pFunc, s.iLine });
		// the container's element class: the member named in the first argument
		std::string sElem;
		TypeRef k;
		if (memberType(f.sClass, a[iOpen + 1].s, k, {}) && !k.aArgs.empty())
		{
			sElem = k.aArgs[0].sName;
			aReached.push_back(sElem);
		}
		line(sCallee + " (" + joinToks(a, iOpen + 1, s.e - 1) + ")" + (sElem.empty() ? "" : " of " + sElem));
		return;
	}
	fail(sWhere, "cannot follow '" + sText + "'");
}

std::string LayoutRunner::localType(const Toks& a, const Frame& f, const std::string& sName) const
{
	for (size_t i = f.pFunc->iBody; i < f.pFunc->iBodyEnd; ++i)
		if (a[i].k == 'i' && a[i].s == sName && i > f.pFunc->iBody)
		{
			size_t j = i;
			while (
				j > f.pFunc->iBody && a[j - 1].s != ";" && a[j - 1].s != "{" && a[j - 1].s != "}" && a[j - 1].s != ")")
				--j;
			std::vector<Declarator> aDecl;
			const size_t iSemi = findTop(a, i, f.pFunc->iBodyEnd, ";");
			if (iSemi != std::string::npos && parseDeclaration(a, j, iSemi, aDecl))
				for (const Declarator& d : aDecl)
					if (d.sName == sName) return d.kType.sName;
		}
	return std::string();
}

} // namespace cvv::layout
