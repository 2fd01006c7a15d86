// The LayoutRunner's statements: run in a frame (if, loops, switch, simple statements), containers'
// methods, and the members a call not run may change (forgotten: unknown until written again).
#include "formats/layout/LayoutRunner.h"

#include <algorithm>
#include <cstring>
#include <set>

namespace cvv::layout {

Flow LayoutRunner::run(const Stmt& s, Frame& f)
{
	if (++m_iSteps > m_iMaxSteps) fail(where(f, s.iLine), "the read does not end (more steps than the data can hold)");
	const Toks& a = toks(f);
	m_pWhereFunc = f.pFunc;
	m_iWhereLine = s.iLine;
	switch (s.eKind)
	{
	case Stmt::Block:
		for (const Stmt& k : s.aKids)
		{
			const Flow e = run(k, f);
			if (e != Flow::Normal) return e;
		}
		return Flow::Normal;
	case Stmt::If:
	{
		size_t i = s.b;
		const Value v = expr(a, i, s.e, f, 0);
		if (v.eKind != Value::Int && v.eKind != Value::Obj)
		{
			if (s.bStream)
				fail(where(f, s.iLine),
					"the condition (" + joinToks(a, s.b, s.e) + ") of a branch that reads cannot be evaluated"
						+ why(v));
			const Unfollowed kWhy{ &s, &v };
			for (const Stmt& k : s.aKids) forget(k, f, &kWhy);
			return Flow::Normal;
		}
		const bool bTrue = v.eKind == Value::Obj || v.i != 0;
		if (bTrue) return run(s.aKids[0], f);
		if (s.aKids.size() > 1) return run(s.aKids[1], f);
		return Flow::Normal;
	}
	case Stmt::For:
	case Stmt::While:
	case Stmt::Do:
	{
		if (!s.bStream && !assignsScalar(s.aKids[0], a) && !callsMemberMethod(s.aKids[0], a, f))
		{
			// a loop that does not read, sets no single variable and calls no method of a member
			// object (it fills arrays): its values cannot steer a read; what it may assign is forgotten
			forget(s, f);
			return Flow::Normal;
		}
		if (s.eKind == Stmt::For && s.e > s.b) simple(a, s.b, s.e, f);
		bool bFirst = true;
		for (;;)
		{
			if (!(s.eKind == Stmt::Do && bFirst))
			{
				const size_t b = s.eKind == Stmt::For ? s.b2 : s.b;
				const size_t e = s.eKind == Stmt::For ? s.e2 : s.e;
				if (e > b)
				{
					size_t i = b;
					const Value v = expr(a, i, e, f, 0);
					if (v.eKind != Value::Int)
					{
						if (s.bStream)
							fail(where(f, s.iLine),
								"the loop condition (" + joinToks(a, b, e)
									+ ") of a loop that reads cannot be evaluated" + why(v));
						forget(s, f);
						return Flow::Normal;
					}
					if (!v.i) break;
				}
			}
			bFirst = false;
			if (++m_iSteps > m_iMaxSteps)
				fail(where(f, s.iLine), "the loop does not end (more steps than the data can hold)");
			const Flow e = run(s.aKids[0], f);
			if (e == Flow::Break) break;
			if (e == Flow::Return) return e;
			if (s.eKind == Stmt::For && s.e3 > s.b3) simple(a, s.b3, s.e3, f);
			if (!s.bStream && f.bEffectsOnly && m_iLoopBudget-- <= 0)
			{
				forget(s, f);
				break;
			}
		}
		return Flow::Normal;
	}
	case Stmt::Return:
		if (s.e > s.b)
		{
			size_t i = s.b;
			m_kReturn = expr(a, i, s.e, f, 0);
		}
		return Flow::Return;
	case Stmt::Break: return Flow::Break;
	case Stmt::Continue: return Flow::Continue;
	case Stmt::Switch: return runSwitch(s, f);
	case Stmt::Other:
		if (s.bStream) fail(where(f, s.iLine), "cannot follow '" + a[s.b].s + "' around a read");
		forget(s, f);
		return Flow::Normal;
	case Stmt::Simple:
		if (s.bStream)
			streamStatement(a, s.b, s.e, f, s.iLine);
		else
			simple(a, s.b, s.e, f);
		return Flow::Normal;
	}
	return Flow::Normal;
}

Flow LayoutRunner::runSwitch(const Stmt& s, Frame& f)
{
	const Toks& a = toks(f);
	auto unknown = [&](const std::string& sWhat, const Value& v) {
		if (s.bStream) fail(where(f, s.iLine), sWhat + " of a switch that reads cannot be evaluated" + why(v));
		forget(s, f);
		return Flow::Normal;
	};
	size_t i = s.b;
	const Value v = expr(a, i, s.e, f, 0);
	if (v.eKind != Value::Int) return unknown("the value (" + joinToks(a, s.b, s.e) + ")", v);
	size_t iStart = s.aKids.size() + 1; // none
	for (const Stmt::Case& k : s.aCases)
	{
		if (k.e == k.b)
		{
			if (iStart > s.aKids.size()) iStart = k.iKid;
			continue;
		}
		size_t j = k.b;
		const Value kLabel = expr(a, j, k.e, f, 0);
		if (kLabel.eKind != Value::Int) return unknown("the label 'case " + joinToks(a, k.b, k.e) + "'", kLabel);
		if (kLabel.i == v.i)
		{
			iStart = k.iKid;
			break;
		}
	}
	for (size_t iKid = iStart; iKid < s.aKids.size(); ++iKid)
	{
		const Flow e = run(s.aKids[iKid], f);
		if (e == Flow::Break) return Flow::Normal;
		if (e != Flow::Normal) return e;
	}
	return Flow::Normal;
}

bool LayoutRunner::isContainer(const TypeRef& k)
{
	return k.iPtr == 0 && k.aDims.empty()
		&& (equalsLiteral(k.sName, "vector") || equalsLiteral(k.sName, "deque") || equalsLiteral(k.sName, "list")
			|| equalsLiteral(k.sName, "std::vector"));
}

Place LayoutRunner::sizePlace(Place p)
{
	if (p.bLocal && p.sSub.empty())
		p.sRoot += ".size()";
	else
	{
		p.sKey += ".size()";
		p.sSub += ".size()";
	}
	p.bIndexed = false;
	return p;
}

Value LayoutRunner::loadSize(const Place& p, Frame& f)
{
	const Place q = sizePlace(p);
	if (q.bLocal && q.sSub.empty())
	{
		auto it = f.kLocals.find(q.sRoot);
		if (it == f.kLocals.end()) return Value::unknown("the size of " + p.sKey + " is not known here");
		return it->second.v;
	}
	return load(q, f);
}

void LayoutRunner::containerCall(
	const Place& p, const std::string& sMethod, const Toks& a, size_t b, size_t e, Frame& f)
{
	Value v = Value::unknown(p.sKey + "." + sMethod + "() changes its size where the deriver does not follow");
	if (sMethod == "clear")
		v = Value::of(0);
	else if ((sMethod == "resize" || sMethod == "assign") && b < e)
	{
		size_t iComma = findTop(a, b, e, ",");
		if (iComma == std::string::npos) iComma = e;
		size_t i = b;
		v = expr(a, i, iComma, f, 0);
	}
	else if (sMethod == "push_back" || sMethod == "push_front" || sMethod == "pop_back" || sMethod == "pop_front")
	{
		v = loadSize(p, f);
		if (v.eKind == Value::Int) v.i += sMethod.compare(0, 4, "push") == 0 ? 1 : -1;
	}
	else if (sMethod == "reserve" || sMethod == "begin" || sMethod == "end" || sMethod == "size")
		return; // the size stays
	const Place q = sizePlace(p);
	if (q.bLocal && q.sSub.empty())
		f.kLocals[q.sRoot].v = v;
	else
		store(q, f, v);
}

const std::vector<std::string>* LayoutRunner::membersChanged(const Function& m, const std::string& sClass)
{
	const auto kKey = std::make_pair(&m, sClass);
	auto it = m_kMembersChanged.find(kKey);
	if (it != m_kMembersChanged.end()) return it->second.first ? &it->second.second : nullptr;
	std::set<std::string> kOut, kSeen;
	const bool bKnown = scanMembersChanged(m, sClass, kOut, kSeen, 0);
	auto& k = m_kMembersChanged[kKey];
	k.first = bKnown;
	k.second.assign(kOut.begin(), kOut.end());
	return bKnown ? &k.second : nullptr;
}

bool LayoutRunner::scanMembersChanged(
	const Function& m, const std::string& sClass, std::set<std::string>& kOut, std::set<std::string>& kSeen, int iDepth)
{
	if (!kSeen.insert(m.sName + "/" + std::to_string(m.iBody)).second) return true;
	if (iDepth > 6 || m.iFile < 0) return false;
	const Toks& a = m_t.aFiles[size_t(m.iFile)].aToks;
	auto isAssign = [](const TokText& s) {
		return s == "=" || s == "+=" || s == "-=" || s == "|=" || s == "&=" || s == "^=" || s == "<<=" || s == ">>="
			|| s == "*=" || s == "/=" || s == "%=" || s == "++" || s == "--";
	};
	for (size_t i = m.iBody + 1; i < m.iBodyEnd; ++i)
	{
		const Tok& t = a[i];
		if (t.k != 'i') continue;
		const TokText& sPrev = a[i - 1].s;
		if (t.s == "this")
		{
			if (i + 1 < m.iBodyEnd && a[i + 1].s == "->") continue;
			return false; // the object itself passed on
		}
		if (sPrev == "." || sPrev == "::" || (sPrev == "->" && a[i - 2].s != "this")) continue;
		if (i + 1 < m.iBodyEnd && a[i + 1].s == "(")
		{
			for (const Function* pCalled : m_t.methodsNamed(sClass, t.s))
				if (!scanMembersChanged(*pCalled, sClass, kOut, kSeen, iDepth + 1)) return false;
			continue;
		}
		if (!m_t.memberOwner(sClass, t.s).pClass) continue;
		size_t j = i + 1;
		while (j < m.iBodyEnd && a[j].s == "[")
		{
			const size_t iClose = matchClose(a, j);
			if (iClose == std::string::npos || iClose >= m.iBodyEnd) return false;
			j = iClose + 1;
		}
		const TokText& sNext = j < m.iBodyEnd ? a[j].s : a[m.iBodyEnd].s;
		const bool bMethodCall = (sNext == "." || sNext == "->") && j + 2 < m.iBodyEnd && a[j + 2].s == "(";
		const bool bArgument = (sPrev == "(" || sPrev == ",") && (sNext == ")" || sNext == ",");
		if (isAssign(sNext) || sPrev == "++" || sPrev == "--" || sPrev == "&" || bMethodCall || bArgument)
			kOut.insert(t.s);
	}
	return true;
}

void LayoutRunner::forgetMembers(LayoutRecord* r, const std::vector<std::string>& aMembers, const StaleCall& kCall)
{
	for (const std::string& sMember : aMembers) forgetMember(r, sMember, kCall);
	m_kChangedBy[r].emplace_back(&aMembers, kCall);
}

void LayoutRunner::forgetMember(LayoutRecord* r, const std::string& sMember, const StaleCall& kCall)
{
	for (auto it = r->kValues.lower_bound(sMember); it != r->kValues.end();)
	{
		const std::string& sKey = it->first;
		if (sKey.compare(0, sMember.size(), sMember) != 0) break;
		const char c = sKey.size() > sMember.size() ? sKey[sMember.size()] : '\0';
		if (c == '\0' || c == '[' || c == '.')
			it = r->kValues.erase(it);
		else
			++it;
	}
	m_kStrings.erase(std::make_pair(static_cast<const LayoutRecord*>(r), sMember));
	auto jt = r->kChildren.find(sMember);
	if (jt == r->kChildren.end()) return;
	for (const auto& pChild : jt->second)
	{
		m_kStaleSince[pChild.get()] = ++m_iEpoch;
		m_kStaleCalls[pChild.get()] = kCall;
	}
}

bool LayoutRunner::hasLoop(const Stmt& s)
{
	if (s.eKind == Stmt::For || s.eKind == Stmt::While || s.eKind == Stmt::Do) return true;
	for (const Stmt& k : s.aKids)
		if (hasLoop(k)) return true;
	return false;
}

bool LayoutRunner::callsMemberMethod(const Stmt& s, const Toks& a, const Frame& f) const
{
	if (s.eKind == Stmt::Simple && s.e > s.b + 3 && a[s.b].k == 'i' && a[s.b + 1].s == "."
		&& m_t.simpleShape(a, s.b, s.e).iDot == s.b + 1 && !f.kLocals.count(a[s.b].s))
	{
		TypeRef k;
		return memberType(f.sClass, a[s.b].s, k, {});
	}
	for (const Stmt& k : s.aKids)
		if (callsMemberMethod(k, a, f)) return true;
	return false;
}

bool LayoutRunner::assignsScalar(const Stmt& s, const Toks& a)
{
	auto scan = [&](size_t b, size_t e) {
		for (size_t i = b; i + 1 < e; ++i)
		{
			const TokText& op = a[i + 1].s;
			const bool bAssign = op == "=" || op == "+=" || op == "-=" || op == "|=" || op == "&=" || op == "^="
				|| op == "<<=" || op == ">>=" || op == "++" || op == "--" || op == "*=" || op == "/=";
			if (a[i].k == 'i' && bAssign && (i == 0 || (a[i - 1].s != "." && a[i - 1].s != "->"))) return true;
			if ((a[i].s == "++" || a[i].s == "--") && a[i + 1].k == 'i') return true;
		}
		return false;
	};
	if (scan(s.b, s.e) || scan(s.b2, s.e2) || scan(s.b3, s.e3)) return true;
	for (const Stmt& k : s.aKids)
		if (assignsScalar(k, a)) return true;
	return false;
}

void LayoutRunner::forget(const Stmt& s, Frame& f, const Unfollowed* pWhy)
{
	const Toks& a = toks(f);
	auto scan = [&](size_t b, size_t e) {
		for (size_t i = b; i + 1 < e; ++i)
		{
			const TokText& op = a[i + 1].s;
			const bool bAssign = op == "=" || op == "+=" || op == "-=" || op == "|=" || op == "&=" || op == "^="
				|| op == "<<=" || op == ">>=" || op == "++" || op == "--" || op == "*=" || op == "/=";
			if (a[i].k == 'i' && bAssign)
			{
				auto it = f.kLocals.find(a[i].s);
				if (it != f.kLocals.end() && it->second.v.eKind != Value::Obj)
					it->second.v = Value::unknown(a[i].s + " is changed where the deriver does not follow"
						+ (pWhy ? ": the condition (" + joinToks(a, pWhy->pIf->b, pWhy->pIf->e) + ") at "
									+ where(f, pWhy->pIf->iLine) + " cannot be evaluated" + why(*pWhy->pValue)
								: std::string()));
				else if (f.pRecord)
					f.pRecord->kValues.erase(a[i].s);
			}
		}
	};
	scan(s.b, s.e);
	scan(s.b2, s.e2);
	scan(s.b3, s.e3);
	for (const Stmt& k : s.aKids) forget(k, f, pWhy);
}

void LayoutRunner::simple(const Toks& a, size_t b, size_t e, Frame& f)
{
	const SimpleShape& kShape = m_t.simpleShape(a, b, e);
	const bool bDeclaration = kShape.bDeclaration && !f.kLocals.count(a[kShape.iFirstName].s);
	if (bDeclaration)
	{
		const std::vector<Declarator>& aDecl = kShape.aDecl;
		for (const Declarator& d : aDecl)
		{
			Local l;
			l.kType = d.kType;
			const TypeRef r = resolve(d.kType, f);
			if (d.iInit && !d.bCtorArgs)
			{
				size_t i = d.iInit;
				l.v = expr(a, i, d.iInitEnd, f, 0);
			}
			// an object of its own: declared as one, or a pointer given a new one
			const bool bNew = r.iPtr == 0 || (d.iInit && joinToks(a, d.iInit, d.iInitEnd).compare(0, 3, "new") == 0);
			if (isObjectType(r) && r.aDims.empty() && l.v.eKind != Value::Obj && bNew)
			{
				l.v = newObject(r, f);
				construct(objectClass(r), *l.v.pObj, f);
			}
			// an array of scalars: its elements are kept in a record of its own ("[3]")
			bool bUnsigned = false;
			if (!r.aDims.empty() && !d.iInit && elementSize(r, bUnsigned) > 0)
			{
				m_aOrphans.push_back(std::make_shared<LayoutRecord>());
				l.v.pObj = m_aOrphans.back().get();
			}
			f.kLocals[d.sName] = l;
		}
		return;
	}
	// a call of a method of another object: obj.method(args)
	const size_t iDot = kShape.iDot;
	if (iDot != std::string::npos && !kShape.bAssigns)
	{
		size_t i = b;
		Place p = place(a, i, iDot, f);
		if (p.bValid && i == iDot && isContainer(p.kType) && iDot + 2 < e && a[iDot + 2].s == "(")
		{
			containerCall(p, a[iDot + 1].s, a, iDot + 3, e - 1, f);
			return;
		}
		if (p.bValid && i == iDot && isObjectType(objectClass(p.kType)))
		{
			LayoutRecord* r = p.bLocal && p.sSub.empty() ? f.kLocals[p.sRoot].v.pObj : nullptr;
			if (!r && p.pObj)
			{
				// the record this member was last read into, or a new one
				const std::string sKey = p.bLocal ? p.sSub : p.sRoot;
				auto& aKids = p.pObj->kChildren[sKey];
				if (aKids.empty()) aKids.push_back(std::make_shared<LayoutRecord>());
				r = aKids.back().get();
			}
			if (r)
			{
				Value kObj;
				kObj.eKind = Value::Obj;
				kObj.pObj = r;
				kObj.kType = objectClass(p.kType);
				const size_t iOpen = iDot + 2;
				callValue(kObj, a[iDot + 1].s, a, iOpen + 1, e - 1, f);
			}
			return;
		}
	}
	if (kShape.bCall)
	{
		// a call for its effect, not run. A method of this object may change any of its members:
		// the values set so far are stale for later conditions. A macro or a free function changes
		// at most what its arguments name: those are forgotten.
		const bool bMethod =
			!f.sClass.empty() && (m_t.findMethod(f.sClass, a[b].s, false) || m_t.findMethod(f.sClass, a[b].s, true));
		// a method of this object without a loop (a setter, not a reset of whole arrays): run for its
		// effect, unless it cannot be
		const Function* pEffect = bMethod && f.pRecord ? m_t.findMethod(f.sClass, a[b].s, false) : nullptr;
		if (pEffect && !hasLoop(m_t.body(*pEffect)))
		{
			const bool bSaved = m_bCallNotRun;
			m_bCallNotRun = false;
			size_t i = b;
			expr(a, i, e, f, 0);
			const bool bNotRun = m_bCallNotRun;
			m_bCallNotRun = bSaved;
			if (!bNotRun) return;
		}
		if (!bMethod)
		{
			for (size_t j : kShape.aBare)
			{
				auto it = f.kLocals.find(a[j].s);
				if (it != f.kLocals.end() && it->second.v.eKind != Value::Obj)
					it->second.v =
						Value::unknown(a[j].s + " is passed to " + a[b].s + "(), which the deriver does not follow");
				else if (f.pRecord && f.pRecord->kValues.erase(a[j].s))
					noteWrite(f.pRecord, a[j].s);
			}
			return;
		}
		if (f.pRecord)
		{
			const StaleCall kCall{ f.pFunc, a[b].iLine, a[b].s };
			const std::vector<std::string>* pChanged = pEffect ? membersChanged(*pEffect, f.sClass) : nullptr;
			if (pChanged)
				forgetMembers(f.pRecord, *pChanged, kCall);
			else
			{
				m_kStaleSince[f.pRecord] = ++m_iEpoch;
				m_kStaleCalls[f.pRecord] = kCall;
			}
		}
		return;
	}
	size_t i = b;
	expr(a, i, e, f, 0);
}

std::string LayoutRunner::staleCall(const LayoutRecord* r) const
{
	auto it = m_kStaleCalls.find(r);
	if (it == m_kStaleCalls.end() || !it->second.pFunc) return std::string();
	return it->second.sName + "() at " + m_t.where(*it->second.pFunc, it->second.iLine);
}

bool LayoutRunner::isStale(const LayoutRecord* r, const std::string& sKey) const
{
	auto it = m_kStaleSince.find(r);
	if (it == m_kStaleSince.end()) return false;
	auto jt = m_kWritten.find(r);
	if (jt == m_kWritten.end()) return true;
	auto kt = jt->second.find(sKey);
	return kt == jt->second.end() || kt->second < it->second;
}

} // namespace cvv::layout
