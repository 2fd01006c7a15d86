// What BTS 3.19's own XML loading reads, and where: its LoadGlobalClassInfo(...) calls (an info
// class, its file and the element path of its items) and the GlobalDefines files it reads
// (ReadGlobalDefines("xml\\GlobalDefines.xml", ...) and the like), each in the order the calls
// stand in its files. The rules loader (RulesLoader.h) reads each info class from the file the
// loads name, in their order. (A mod's tree loads its XML with its own code: HostRules.h.)
#pragma once

#include <string>
#include <vector>

namespace cvv {

// One LoadGlobalClassInfo(GC.getInvisibleInfo(), "CIV4InvisibleInfos", "BasicInfos",
// "Civ4InvisibleInfos/InvisibleInfos/InvisibleInfo", ...) call.
struct TreeInfoLoad
{
	std::string sClass; // "InvisibleInfo" (from GC.getInvisibleInfo() or GC.m_paInvisibleInfo)
	std::string sFile; // below the Assets folders' XML/: "BasicInfos/CIV4InvisibleInfos.xml"
	std::string sPath; // the element path: "Civ4InvisibleInfos/InvisibleInfos/InvisibleInfo"
	std::string sWhere; // the call: "CvXMLLoadUtilitySet.cpp:564"
};

// One GlobalDefines file the tree reads by name.
struct TreeDefinesLoad
{
	std::string sFile; // below the Assets folders: "XML/GlobalDefinesAlt.xml" (the game's "xml\\...")
	std::string sWhere; // the call: "CvXMLLoadUtilitySet.cpp:189"
};

struct TreeXmlLoads
{
	std::vector<TreeInfoLoad> aInfos; // in the tree's order; the first call of a class only
	std::vector<TreeDefinesLoad> aDefines; // in the tree's order; each file once

	// The call that loads sClass ("TerrainInfo"), or null when the tree does not load it by
	// LoadGlobalClassInfo.
	const TreeInfoLoad* info(const std::string& sClass) const
	{
		for (const TreeInfoLoad& k : aInfos)
		{
			if (k.sClass == sClass)
			{
				return &k;
			}
		}
		return nullptr;
	}
	// "BTS 3.19's CvXMLLoadUtilitySet.cpp:564" of a call (sWhere).
	std::string where(const std::string& sWhere) const;

	// BTS 3.19's own XML loading, as its SDK's CvXMLLoadUtilitySet.cpp has it: the calls of the info
	// classes CvVision reads (LoadGlobalClassInfo of the invisible types at line 564, the terrains,
	// techs, features, promotions, routes, improvements, units, in that order) and the GlobalDefines
	// files SetGlobalDefines reads by name (GlobalDefines.xml, GlobalDefinesAlt.xml,
	// PythonCallbackDefines.xml). tests/host/test_host_rules.py checks
	// what it reads against BTS's own loader, compiled behind the host.
	static const TreeXmlLoads& bts319();
};

} // namespace cvv
