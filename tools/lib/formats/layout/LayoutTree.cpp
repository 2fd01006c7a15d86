// The tree's look-ups: a class's methods and members through its bases, a function's statements.
#include "formats/layout/LayoutTree.h"

#include <algorithm>
#include <cstring>
#include <set>

namespace cvv {

using namespace layout;

const Function* SaveLayout::Impl::findMethod(
	const std::string& sClass, const std::string& sName, bool bStream, std::string* pOwner) const
{
	auto& kByName = kMethodCache[bStream][sClass];
	auto it = kByName.find(sName);
	if (it == kByName.end())
	{
		std::string sOwner;
		const Function* f = searchMethod(sClass, sName, bStream, sOwner);
		it = kByName.emplace(sName, std::make_pair(f, sOwner)).first;
	}
	if (pOwner && it->second.first) *pOwner = it->second.second;
	return it->second.first;
}

const Function* SaveLayout::Impl::searchMethod(
	const std::string& sClass, const std::string& sName, bool bStream, std::string& sOwner) const
{
	std::vector<std::string> aQueue = { sClass };
	std::set<std::string> kSeen;
	while (!aQueue.empty())
	{
		const std::string s = aQueue.front();
		aQueue.erase(aQueue.begin());
		if (!kSeen.insert(s).second) continue;
		std::vector<const Function*> aCandidates;
		auto it = kFunctions.find(s + "::" + sName);
		if (it != kFunctions.end())
			for (const Function& f : it->second) aCandidates.push_back(&f);
		const ClassDef* c = findClass(s);
		if (c)
		{
			auto jt = c->kMethods.find(sName);
			if (jt != c->kMethods.end()) aCandidates.insert(aCandidates.end(), jt->second.begin(), jt->second.end());
		}
		for (const Function* f : aCandidates)
		{
			if (f->iSpecArgsEnd) continue; // an explicit specialisation: called by its arguments only
			const Toks& a = aFiles[size_t(f->iFile)].aToks;
			const bool bHasStream = [&]() {
				for (size_t i = f->iParams; i < f->iParamsEnd; ++i)
					if (a[i].s == "FDataStreamBase") return true;
				return false;
			}();
			if (bHasStream == bStream)
			{
				sOwner = s;
				return f;
			}
		}
		if (c)
			for (const std::string& sBase : c->aBases) aQueue.push_back(sBase);
	}
	return nullptr;
}

const MemberOwner& SaveLayout::Impl::memberOwner(const std::string& sClass, const std::string& sMember) const
{
	auto& kByMember = kMemberCache[sClass];
	auto it = kByMember.find(sMember);
	if (it != kByMember.end()) return it->second;
	MemberOwner kFound;
	std::vector<std::string> aQueue = { sClass };
	std::set<std::string> kSeen;
	while (!aQueue.empty() && !kFound.pClass)
	{
		const std::string s = aQueue.front();
		aQueue.erase(aQueue.begin());
		if (!kSeen.insert(s).second) continue;
		const ClassDef* c = findClass(s);
		if (!c) continue;
		auto jt = c->kMembers.find(sMember);
		if (jt != c->kMembers.end())
		{
			kFound.pClass = c;
			kFound.pType = &jt->second;
		}
		else
			for (const std::string& sBase : c->aBases) aQueue.push_back(sBase);
	}
	return kByMember.emplace(sMember, kFound).first->second;
}

const Stmt& SaveLayout::Impl::body(const Function& f) const
{
	if (!f.pBody)
	{
		const Toks& a = aFiles[size_t(f.iFile)].aToks;
		// the stream parameter: FDataStreamBase* NAME or FDataStreamBase& NAME
		for (size_t i = f.iParams; i < f.iParamsEnd; ++i)
			if (a[i].s == "FDataStreamBase")
			{
				size_t j = i + 1;
				while (j < f.iParamsEnd && (a[j].s == "*" || a[j].s == "&"))
				{
					f.bStreamRef = a[j].s == "&";
					++j;
				}
				if (j < f.iParamsEnd && a[j].k == 'i') f.sStream = a[j].s;
			}
		// the wrapper objects it attaches to the stream: W.ATTACH(S), (W).ATTACH(S), W->ATTACH(S)
		if (!f.sStream.empty())
			for (size_t i = f.iBody; i + 4 < f.iBodyEnd; ++i)
			{
				if (a[i].k != 'i' || a[i + 1].s != "(") continue;
				size_t q = i + 2; // the stream: S, &S, *S
				while (q < f.iBodyEnd && (a[q].s == "&" || a[q].s == "*")) ++q;
				if (q + 1 >= f.iBodyEnd || a[q].s != f.sStream || a[q + 1].s != ")") continue;
				if (i < 2 || (a[i - 1].s != "." && a[i - 1].s != "->") || !attachesTagged(a[i].s)) continue;
				size_t j = i - 2;
				if (a[j].s == ")" && j >= 2 && a[j - 2].s == "(") --j;
				if (a[j].k == 'i'
					&& std::find(f.aWrappers.begin(), f.aWrappers.end(), std::string(a[j].s)) == f.aWrappers.end())
					f.aWrappers.push_back(a[j].s);
			}
		StmtParser kParser(
			a, f.sStream.empty() ? std::string("\x01") : f.sStream, aFiles[size_t(f.iFile)].sName, f.aWrappers);
		size_t i = f.iBody;
		f.pBody = std::make_shared<Stmt>(kParser.parse(i, f.iBodyEnd + 1));
	}
	return *f.pBody;
}

namespace {

// Whether the parameters a[b, e) start with a name, an id hint and a sequence: (const char*, int&, int&).
bool startsWithTaggedName(const Toks& a, size_t b, size_t e)
{
	const std::vector<std::pair<size_t, size_t>> aParams = parameterRanges(a, b, e);
	if (aParams.size() < 3) return false;
	auto has = [&](size_t j, const char* sz) {
		for (size_t i = aParams[j].first; i < aParams[j].second; ++i)
			if (a[i].s == sz) return true;
		return false;
	};
	return has(0, "char") && has(0, "*") && has(1, "int") && has(1, "&") && has(2, "int") && has(2, "&");
}

bool takesStream(const Toks& a, size_t b, size_t e)
{
	for (size_t i = b; i < e; ++i)
		if (a[i].s == "FDataStreamBase") return true;
	return false;
}

} // namespace

void SaveLayout::Impl::scanTagged() const
{
	if (bTaggedScanned) return;
	bTaggedScanned = true;
	// every method of a class: (class, name) -> its parameter lists
	std::map<std::pair<std::string, std::string>, std::vector<std::pair<const Toks*, std::pair<size_t, size_t>>>>
		kParams;
	for (const auto& [sClass, c] : kClasses)
	{
		if (c.iFile < 0) continue;
		const Toks& a = aFiles[size_t(c.iFile)].aToks;
		for (const auto& [sName, aRanges] : c.kDeclarations)
			for (const auto& r : aRanges) kParams[{ sClass, sName }].push_back({ &a, r });
		for (const auto& [sName, aMethods] : c.kMethods)
			for (const Function* m : aMethods)
				kParams[{ sClass, sName }].push_back(
					{ &aFiles[size_t(m->iFile)].aToks, { m->iParams, m->iParamsEnd } });
	}
	for (const auto& [sQualified, aFunctions] : kFunctions)
		for (const Function& m : aFunctions)
			if (!m.sClass.empty() && kClasses.count(m.sClass))
				kParams[{ m.sClass, sQualified.substr(sQualified.rfind(':') + 1) }].push_back(
					{ &aFiles[size_t(m.iFile)].aToks, { m.iParams, m.iParamsEnd } });
	std::map<std::string, std::string> kAttach;
	std::set<std::string> kNamed;
	for (const auto& [kKey, aLists] : kParams)
		for (const auto& [pToks, r] : aLists)
		{
			if (kKey.second == "Read" && startsWithTaggedName(*pToks, r.first, r.second)) kNamed.insert(kKey.first);
			if (kKey.second != "read" && kKey.second != "write" && kKey.second != "Read" && kKey.second != "Write"
				&& takesStream(*pToks, r.first, r.second) && parameterRanges(*pToks, r.first, r.second).size() == 1)
				kAttach.emplace(kKey.first, kKey.second);
		}
	for (const std::string& sClass : kNamed)
	{
		auto it = kAttach.find(sClass);
		if (it != kAttach.end()) kTaggedWrappers.emplace(sClass, it->second);
	}
}

const std::string* SaveLayout::Impl::taggedAttach(const std::string& sClass) const
{
	scanTagged();
	auto it = kTaggedWrappers.find(sClass);
	return it == kTaggedWrappers.end() ? nullptr : &it->second;
}

bool SaveLayout::Impl::attachesTagged(const std::string& sMethod) const
{
	scanTagged();
	for (const auto& [sClass, sAttach] : kTaggedWrappers)
		if (sAttach == sMethod) return true;
	return false;
}

} // namespace cvv
