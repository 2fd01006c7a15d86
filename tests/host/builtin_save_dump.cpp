// The project's built-in BTS 3.19 save reader (tools/lib/formats/SaveReader.h) as JSON, in the
// member names of `cvcore-host read-save` (tools/host/runtime/CvHostSaveCommand.cpp), so that
// tests/host/test_read_save.py can compare what the two read from the same save: the map, each
// plot's terrain, feature, plot type, owner, improvement, route, and per team its visibility,
// stolen visibility and invisible-type visibility counts, revealed flag and revealed owner,
// improvement and route; the units (recon plot included), the cities (espionage visibility per
// team), the teams' techs and masters, and the players.
//
//     builtin_save_dump SAVE
//
// Built by the test against the build folder's libraries (cvvision_formats and what it uses).
// Exit status 1 and a message on standard error when the reader refuses the save.
#include "formats/SaveReader.h"

#include <cstdio>
#include <exception>
#include <string>
#include <vector>

namespace {

void ints(const std::vector<int>& a)
{
	for (size_t i = 0; i < a.size(); ++i) std::printf("%s%d", i ? ", " : "", a[i]);
}

void flags(const std::vector<char>& a)
{
	for (size_t i = 0; i < a.size(); ++i) std::printf("%s%d", i ? ", " : "", a[i] ? 1 : 0);
}

void print(const cvv::SaveGame& g)
{
	std::printf("{\n  \"map\": {\"width\": %d, \"height\": %d, \"wrap_x\": %s, \"wrap_y\": %s, \"plots\": %zu},\n",
		g.iWidth, g.iHeight, g.bWrapX ? "true" : "false", g.bWrapY ? "true" : "false", g.aPlots.size());
	std::printf("  \"plots\": [");
	for (size_t i = 0; i < g.aPlots.size(); ++i)
	{
		const cvv::SavePlot& p = g.aPlots[i];
		std::printf(
			"%s\n    {\"x\": %d, \"y\": %d, \"terrain\": %d, \"feature\": %d, \"plot_type\": %d, \"owner\": %d, "
			"\"improvement\": %d, \"route\": %d, \"visibility\": [",
			i ? "," : "", p.iX, p.iY, p.eTerrain, p.eFeature, p.ePlotType, p.eOwner, p.eImprovement, p.eRoute);
		ints(p.aiVisibility);
		std::printf("], \"revealed\": [");
		flags(p.abRevealed);
		std::printf("], \"stolen_visibility\": [");
		ints(p.aiStolenVisibility);
		std::printf("], \"revealed_owner\": [");
		ints(p.aeRevealedOwner);
		std::printf("], \"revealed_improvement\": [");
		ints(p.aeRevealedImprovement);
		std::printf("], \"revealed_route\": [");
		ints(p.aeRevealedRoute);
		std::printf("], \"invisible_visibility\": [");
		for (size_t t = 0; t < p.aaiInvisibleVisibility.size(); ++t)
		{
			std::printf("%s[", t ? ", " : "");
			ints(p.aaiInvisibleVisibility[t]);
			std::printf("]");
		}
		std::printf("]}");
	}
	std::printf("\n  ],\n  \"units\": [");
	for (size_t i = 0; i < g.aUnits.size(); ++i)
	{
		const cvv::SaveUnit& u = g.aUnits[i];
		std::printf(
			"%s\n    {\"owner\": %d, \"id\": %d, \"type\": %d, \"x\": %d, \"y\": %d, \"facing\": %d, \"promotions\": [",
			i ? "," : "", u.ePlayer, u.iId, u.eType, u.iX, u.iY, u.eFacing);
		ints(u.aePromotions);
		if (u.iReconX >= 0)
			std::printf("], \"recon\": [%d, %d]}", u.iReconX, u.iReconY);
		else
			std::printf("], \"recon\": null}");
	}
	std::printf("\n  ],\n  \"cities\": [");
	for (size_t i = 0; i < g.aCities.size(); ++i)
	{
		const cvv::SaveCity& c = g.aCities[i];
		std::printf("%s\n    {\"owner\": %d, \"id\": %d, \"x\": %d, \"y\": %d, \"espionage_visibility\": [",
			i ? "," : "", c.ePlayer, c.iId, c.iX, c.iY);
		ints(c.aiEspionageVisibility);
		std::printf("]}");
	}
	std::printf("\n  ],\n  \"teams\": [");
	for (size_t t = 0; t < g.aTeams.size(); ++t)
	{
		std::printf("%s\n    {\"team\": %zu, \"vassal_of\": %d, \"techs\": [", t ? "," : "", t, g.aTeams[t].eVassalOf);
		const char* comma = "";
		for (size_t k = 0; k < g.aTeams[t].abHasTech.size(); ++k)
			if (g.aTeams[t].abHasTech[k])
			{
				std::printf("%s%zu", comma, k);
				comma = ", ";
			}
		std::printf("]}");
	}
	std::printf("\n  ],\n  \"players\": [");
	for (size_t p = 0; p < g.aPlayers.size(); ++p)
		std::printf("%s\n    {\"player\": %zu, \"alive\": %s, \"team\": %d}", p ? "," : "", p,
			g.aPlayers[p].bAlive ? "true" : "false", g.aPlayers[p].eTeam);
	std::printf("\n  ]\n}\n");
}

} // namespace

int main(int argc, char** argv)
{
	if (argc != 2)
	{
		std::fprintf(stderr, "usage: builtin_save_dump SAVE\n");
		return 2;
	}
	try
	{
		print(cvv::readSave(argv[1]));
	}
	catch (const std::exception& e)
	{
		std::fprintf(stderr, "builtin_save_dump: %s\n", e.what());
		return 1;
	}
	return 0;
}
