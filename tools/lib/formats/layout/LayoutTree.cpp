// The tree's look-ups: a class's methods and members through its bases, a function's statements.
#include "formats/layout/LayoutTree.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <cstdio>
#include <fstream>
#include <functional>
#include <unordered_map>
#include <unordered_set>
#include <set>
#include <sstream>

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
		StmtParser kParser(a, f.sStream.empty() ? std::string("\x01") : f.sStream, aFiles[size_t(f.iFile)].sName);
		size_t i = f.iBody;
		f.pBody = std::make_shared<Stmt>(kParser.parse(i, f.iBodyEnd + 1));
	}
	return *f.pBody;
}

} // namespace cvv
