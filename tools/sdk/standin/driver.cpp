// The differential's driver (tools/sdk/cvsdk/differential.py): random cases run against CvPlot's
// vision functions behind the SDK stand-in. The same driver is linked twice, once with a tree's
// own vision functions and once with the bodies sdk-integrate writes (calls to CvVisionSdk), so the
// two programs draw the same cases and their traces can be compared case by case.
//
//   driver [--seed S] [--cases N]          one line per case: its digests, and how many first
//                                          contacts A's add made
//   driver --seed S --case K               case K in full: its description and every answer
//   driver --bench [--seed S]              changeAdjacentSight add+remove, nanoseconds per range;
//                                          then one change of a team's Optics on a Gigantic map
//   --define NAME=VALUE                     a GlobalDefine set in every case after the random ones
//                                          (CvVision's knobs, e.g. CVVISION_LEDGER=1)
//   --net                                   A compares the remove's net change per plot, team and
//                                          type, not its order (CvVision's ledger takes back what it
//                                          added in an order of its own where no reveal can show it)
//
// Each case is made from its own seed (the run's seed and the case's number), so a case can be
// replayed alone. What a case compares (docs/vision-rules.md, sections 1 to 7):
//   A  changeAdjacentSight of one source, add then remove, on a map whose plots have owners: every
//      count change in order (plot, team, invisible type, change) and the meetings it makes (a plot
//      turning visible makes its owner meet the team: CvTeam::meet calls, in order)
//   B  canSeePlot for random targets, ranges and facings
//   C  canSeeDisplacementPlot for random arguments
//   F  shouldProcessDisplacementPlot for random displacements and facings
//   L  seeThroughLevel of every plot, seeFromLevel of every plot for every team
//   E  an updateSeeFromSight bracket (a plot's levels changed while units and owned plots see):
//      the counts after it
//   O  a change of a team's extra water see-from (Optics), CvTeam::changeExtraWaterSeeFromCount,
//      while units, recon missions and owned plots see: the counts after it and after the change
//      back
// Written for CvVision; C++03 like the stand-in it is compiled with.
#include "CvGameCoreDLL.h"
#include "CvGameCoreUtils.h"
#include "CvGlobals.h"
#include "CvInfos.h"
#include "CvMap.h"
#include "CvPlot.h"
#include "CvTeamAI.h"
#include "CvUnit.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <map>
#include <string>
#include <utility>
#include <vector>

// The generated part of each program (written by differential.py).
extern const char* const g_szStandinProgram;
void standinRulesChanged(); // the tree's caches (original) or CvVisionSdk::resetRules() (CvVision)
bool standinShouldProcess(const CvPlot& kPlot, int iDX, int iDY, int iRange, DirectionTypes eFacing);

namespace
{
	const int MAX_COUNT_TRACE = 4000000; // changes of one source, past which the case is cut short

	class Rng
	{
	public:
		explicit Rng(unsigned int uSeed) : m_uState(uSeed != 0 ? uSeed : 0x9E3779B9u) {}
		unsigned int next()
		{
			m_uState ^= m_uState << 13;
			m_uState ^= m_uState >> 17;
			m_uState ^= m_uState << 5;
			return m_uState;
		}
		int range(int iLow, int iHigh) { return iLow + static_cast<int>(next() % static_cast<unsigned int>(iHigh - iLow + 1)); }
		bool chance(int iPercent) { return range(0, 99) < iPercent; }

	private:
		unsigned int m_uState;
	};

	unsigned int mix(unsigned int uSeed, unsigned int uCase)
	{
		unsigned int h = uSeed * 0x9E3779B1u ^ (uCase + 0x7F4A7C15u) * 0x85EBCA77u;
		h ^= h >> 16;
		h *= 0x85EBCA6Bu;
		h ^= h >> 13;
		h *= 0xC2B2AE35u;
		h ^= h >> 16;
		return h;
	}

	void appendInt(std::string& sz, int iValue, bool bSign)
	{
		char acDigits[12];
		int iLength = 0;
		unsigned int uMagnitude = iValue < 0 ? 0u - static_cast<unsigned int>(iValue) : static_cast<unsigned int>(iValue);
		do
		{
			acDigits[iLength++] = static_cast<char>('0' + uMagnitude % 10);
			uMagnitude /= 10;
		} while (uMagnitude != 0);
		if (iValue < 0)
		{
			sz += '-';
		}
		else if (bSign)
		{
			sz += '+';
		}
		while (iLength > 0)
		{
			sz += acDigits[--iLength];
		}
	}

	// printf's "%d" and "%+d" with up to six ints, without printf: the cases' lines are made of these
	// (half of a run's time went into vsnprintf).
	std::string format(const char* szFormat, int a = 0, int b = 0, int c = 0, int d = 0, int e = 0, int f = 0)
	{
		const int aiValues[] = {a, b, c, d, e, f};
		int iNext = 0;
		std::string sz;
		for (const char* p = szFormat; *p != '\0'; ++p)
		{
			if (p[0] == '%' && p[1] == 'd' && iNext < 6)
			{
				appendInt(sz, aiValues[iNext++], false);
				++p;
			}
			else if (p[0] == '%' && p[1] == '+' && p[2] == 'd' && iNext < 6)
			{
				appendInt(sz, aiValues[iNext++], true);
				p += 2;
			}
			else
			{
				sz += *p;
			}
		}
		return sz;
	}

	const char* const s_aszDirections[] = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};

	std::string directionName(int eDirection)
	{
		return (eDirection >= 0 && eDirection < 8) ? s_aszDirections[eDirection] : "none";
	}

	// --case K keeps the lines of its case to print them; the digests of many cases need only the hash.
	bool g_bKeepLines = false;

	// One part of a case's answers: lines, and a digest of them.
	class Part
	{
	public:
		explicit Part(char cName) : m_cName(cName), m_uHash(2166136261u) {}
		void add(const std::string& szLine)
		{
			if (g_bKeepLines)
			{
				m_aszLines.push_back(szLine);
			}
			for (size_t i = 0; i < szLine.size(); ++i)
			{
				m_uHash = (m_uHash ^ static_cast<unsigned char>(szLine[i])) * 16777619u;
			}
			m_uHash = (m_uHash ^ 10u) * 16777619u;
		}
		char name() const { return m_cName; }
		unsigned int digest() const { return m_uHash; }
		const std::vector<std::string>& lines() const { return m_aszLines; }

	private:
		char m_cName;
		unsigned int m_uHash;
		std::vector<std::string> m_aszLines;
	};

	// The count changes the stand-in's CvPlot reports, while recording.
	struct CountChange
	{
		int iPlot;
		int eTeam;
		int eInvisible;
		int iChange;
	};
	std::vector<CountChange> g_aTrace;
	// The meet calls the stand-in's CvPlot makes, while recording.
	struct Meeting
	{
		int eTeam;
		int eMet;
		bool bFirstContact;
	};
	std::vector<Meeting> g_aMeetings;
	std::vector<std::pair<std::string, int> > g_aExtraDefines; // --define
	bool g_bNetOnly = false;                                    // --net
	bool g_bTraceFull = false;

	void recordChange(const CvPlot& kPlot, TeamTypes eTeam, int iChange, InvisibleTypes eInvisible)
	{
		if (static_cast<int>(g_aTrace.size()) >= MAX_COUNT_TRACE)
		{
			g_bTraceFull = true;
			return;
		}
		CountChange kChange;
		kChange.iPlot = kPlot.getY_INLINE() * GC.getMapINLINE().getGridWidthINLINE() + kPlot.getX_INLINE();
		kChange.eTeam = eTeam;
		kChange.eInvisible = eInvisible;
		kChange.iChange = iChange;
		g_aTrace.push_back(kChange);
	}

	void recordMeeting(TeamTypes eTeam, TeamTypes eMet, bool bFirstContact)
	{
		if (static_cast<int>(g_aMeetings.size()) < MAX_COUNT_TRACE)
		{
			const Meeting kMeeting = {eTeam, eMet, bFirstContact};
			g_aMeetings.push_back(kMeeting);
		}
	}

	std::string plotName(int iPlot)
	{
		const int iWidth = GC.getMapINLINE().getGridWidthINLINE();
		return format("(%d,%d)", iPlot % iWidth, iPlot / iWidth);
	}

	// What a case is made of, kept to describe it.
	struct Case
	{
		int iWidth;
		int iHeight;
		bool bWrapX;
		bool bWrapY;
		int iNumTeams;
		int iNumInvisible;
		std::vector<bool> abOptics;
		std::string szRules;
	};

	void addRule(Case& kCase, const std::string& szRule)
	{
		kCase.szRules += (kCase.szRules.empty() ? "" : ", ") + szRule;
	}

	void setDefine(Case& kCase, const char* szName, int iValue, int iVanilla)
	{
		GC.m_kDefines.SetValue(szName, iValue);
		if (iValue != iVanilla)
		{
			addRule(kCase, szName + format("=%d", iValue));
		}
	}

	// Levels far apart (docs/vision-rules.md, section 1): one of -iBound..iBound, mostly near its
	// ends or 0. Terrains take 10^9, features 5*10^8, defines 2*10^8: every sum of a plot's parts
	// stays within an int, as BTS needs, while the difference of two levels does not.
	int extremeLevel(Rng& kRng, int iBound)
	{
		switch (kRng.range(0, 3))
		{
		case 0:
			return iBound - kRng.range(0, 2);
		case 1:
			return -iBound + kRng.range(0, 2);
		case 2:
			return kRng.range(-2, 2);
		default:
			{
				const unsigned int uOffset = kRng.next() % (2u * static_cast<unsigned int>(iBound) + 1u);
				const unsigned int uBound = static_cast<unsigned int>(iBound);
				return uOffset >= uBound ? static_cast<int>(uOffset - uBound) : -static_cast<int>(uBound - uOffset);
			}
		}
	}

	// A level of a case: vanilla, odd (small) or extreme.
	int caseLevel(Rng& kRng, bool bOdd, bool bExtreme, int iLow, int iHigh, int iVanilla, int iExtremeBound)
	{
		return bExtreme ? extremeLevel(kRng, iExtremeBound) : (bOdd ? kRng.range(iLow, iHigh) : iVanilla);
	}

	// The game's rules and a random map: the infos, the defines, the plots' facts, Optics.
	void makeWorld(Rng& kRng, Case& kCase)
	{
		GC.resetMock();
		const bool bOdd = kRng.chance(60);
		const bool bExtreme = bOdd && kRng.chance(15);
		const int DEFINE_BOUND = 200000000;
		setDefine(kCase, "PLOT_VISIBILITY_RANGE", bOdd ? kRng.range(0, 2) : 1, 1);
		setDefine(kCase, "UNIT_VISIBILITY_RANGE", bOdd ? kRng.range(-1, 3) : 1, 1);
		setDefine(kCase, "RECON_VISIBILITY_RANGE", bOdd ? kRng.range(0, 6) : 5, 5);
		setDefine(kCase, "PEAK_SEE_FROM_CHANGE", caseLevel(kRng, bOdd, bExtreme, -2, 4, 2, DEFINE_BOUND), 2);
		setDefine(kCase, "PEAK_SEE_THROUGH_CHANGE", caseLevel(kRng, bOdd, bExtreme, -2, 4, 2, DEFINE_BOUND), 2);
		setDefine(kCase, "HILLS_SEE_FROM_CHANGE", caseLevel(kRng, bOdd, bExtreme, -2, 3, 1, DEFINE_BOUND), 1);
		setDefine(kCase, "HILLS_SEE_THROUGH_CHANGE", caseLevel(kRng, bOdd, bExtreme, -2, 3, 1, DEFINE_BOUND), 1);
		setDefine(kCase, "SEAWATER_SEE_FROM_CHANGE", caseLevel(kRng, bOdd, bExtreme, -2, 2, 0, DEFINE_BOUND), 0);
		setDefine(kCase, "SEAWATER_SEE_THROUGH_CHANGE", caseLevel(kRng, bOdd, bExtreme, -2, 2, 0, DEFINE_BOUND), 0);
		setDefine(kCase, "MOVE_DENOMINATOR", 60, 60);
		const int iNumTerrains = kRng.range(1, 4);
		for (int i = 0; i < iNumTerrains; ++i)
		{
			const bool bWater = kRng.chance(30);
			const int iSeeFrom = caseLevel(kRng, bOdd, bExtreme, -1, 3, bWater ? 0 : 1, 1000000000);
			const int iSeeThrough = caseLevel(kRng, bOdd, bExtreme, -1, 3, bWater ? 0 : 1, 1000000000);
			GC.m_aTerrains.push_back(CvTerrainInfo(format("TERRAIN_%d", i), iSeeFrom, iSeeThrough, bWater));
			if (bOdd)
			{
				addRule(kCase, format("terrain %d sees from %d through %d", i, iSeeFrom, iSeeThrough));
			}
		}
		const int iNumFeatures = kRng.range(0, 3);
		for (int i = 0; i < iNumFeatures; ++i)
		{
			const int iChange = bExtreme ? extremeLevel(kRng, 500000000) : kRng.range(-2, 3);
			GC.m_aFeatures.push_back(CvFeatureInfo(format("FEATURE_%d", i), iChange));
			addRule(kCase, format("feature %d see-through %+d", i, iChange));
		}
		kCase.iNumInvisible = kRng.range(0, 3);
		for (int i = 0; i < kCase.iNumInvisible; ++i)
		{
			GC.m_aInvisibles.push_back(CvInvisibleInfo(format("INVISIBLE_%d", i)));
		}
		const int iNumPromotions = kRng.range(0, 3);
		for (int i = 0; i < iNumPromotions; ++i)
		{
			const int iChange = kRng.range(-1, 3);
			GC.m_aPromotions.push_back(CvPromotionInfo(format("PROMOTION_%d", i), iChange));
			addRule(kCase, format("promotion %d visibility %+d", i, iChange));
		}
		GC.m_aTechs.push_back(CvTechInfo("TECH_OPTICS", true));
		GC.m_aTechs.push_back(CvTechInfo("TECH_OTHER", false));
		const int iNumUnits = kRng.range(1, 5);
		for (int i = 0; i < iNumUnits; ++i)
		{
			const int iDomain = kRng.range(0, 9);
			const DomainTypes eDomain = iDomain < 4 ? DOMAIN_LAND : (iDomain < 6 ? DOMAIN_SEA : (iDomain < 9 ? DOMAIN_AIR : DOMAIN_IMMOBILE));
			CvUnitInfo kInfo(format("UNIT_%d", i), eDomain);
			const int iSeeInvisible = kCase.iNumInvisible > 0 ? kRng.range(0, 3) : 0;
			for (int j = 0; j < iSeeInvisible; ++j)
			{
				kInfo.seeInvisible(static_cast<InvisibleTypes>(kRng.range(0, kCase.iNumInvisible - 1)));
			}
			if (kRng.chance(40))
			{
				kInfo.lineOfSight();
			}
			GC.m_aUnits.push_back(kInfo);
		}
		if (kRng.chance(10))
		{
			kCase.iWidth = 128;
			kCase.iHeight = 80;
		}
		else if (kRng.chance(50))
		{
			kCase.iWidth = kRng.range(1, 8);
			kCase.iHeight = kRng.range(1, 8);
		}
		else
		{
			kCase.iWidth = kRng.range(1, 40);
			kCase.iHeight = kRng.range(1, 40);
		}
		kCase.bWrapX = kRng.chance(50);
		kCase.bWrapY = kRng.chance(50);
		kCase.iNumTeams = kRng.range(1, 4); // up to three other teams for a sight to meet
		CvMap& kMap = GC.getMapINLINE();
		kMap.reset(kCase.iWidth, kCase.iHeight, kCase.bWrapX, kCase.bWrapY, kCase.iNumTeams, kCase.iNumInvisible);
		for (int i = 0; i < kMap.numPlotsINLINE(); ++i)
		{
			const int iType = kRng.range(0, 9);
			const PlotTypes eType = iType < 1 ? PLOT_PEAK : (iType < 3 ? PLOT_HILLS : (iType < 7 ? PLOT_LAND : PLOT_OCEAN));
			const TerrainTypes eTerrain = static_cast<TerrainTypes>(kRng.range(0, iNumTerrains - 1));
			const FeatureTypes eFeature = (iNumFeatures > 0 && kRng.chance(40))
				? static_cast<FeatureTypes>(kRng.range(0, iNumFeatures - 1)) : NO_FEATURE;
			kMap.plotByIndexINLINE(i)->setFactsUnbracketed(eType, eTerrain, eFeature);
		}
		for (size_t i = 0; i < g_aExtraDefines.size(); ++i)
		{
			GC.m_kDefines.SetValue(g_aExtraDefines[i].first.c_str(), g_aExtraDefines[i].second);
		}
		kCase.abOptics.assign(kCase.iNumTeams, false);
		for (int t = 0; t < kCase.iNumTeams; ++t)
		{
			kCase.abOptics[t] = kRng.chance(40);
			if (kCase.abOptics[t])
			{
				GET_TEAM(static_cast<TeamTypes>(t)).setHasTech(static_cast<TechTypes>(0), true);
			}
		}
		standinRulesChanged();
	}

	std::string describeWorld(const Case& kCase)
	{
		std::string sz = format("map %dx%d", kCase.iWidth, kCase.iHeight);
		sz += (kCase.bWrapX && kCase.bWrapY) ? " wrapping X and Y" : (kCase.bWrapX ? " wrapping X" : (kCase.bWrapY ? " wrapping Y" : " not wrapping"));
		sz += format(", %d team(s), %d invisible type(s)", kCase.iNumTeams, kCase.iNumInvisible);
		std::string szOptics;
		for (int t = 0; t < kCase.iNumTeams; ++t)
		{
			if (kCase.abOptics[t])
			{
				szOptics += format(szOptics.empty() ? "%d" : ",%d", t);
			}
		}
		sz += szOptics.empty() ? ", no team has Optics" : ", Optics for team " + szOptics;
		sz += kCase.szRules.empty() ? "; BTS's defines and levels" : "; " + kCase.szRules;
		return sz;
	}

	std::string describePlot(const CvPlot& kPlot)
	{
		static const char* const aszTypes[] = {"peak", "hills", "flat", "water"};
		std::string sz = format("(%d,%d) ", kPlot.getX_INLINE(), kPlot.getY_INLINE()) + aszTypes[kPlot.getPlotType()]
			+ format(" terrain %d", kPlot.getTerrainType());
		if (kPlot.getFeatureType() != NO_FEATURE)
		{
			sz += format(" feature %d", kPlot.getFeatureType());
		}
		return sz;
	}

	std::string describeUnit(const CvUnit* pUnit)
	{
		if (pUnit == NULL)
		{
			return "no unit (a plot's own sight)";
		}
		static const char* const aszDomains[] = {"sea", "air", "land", "immobile"};
		const CvUnitInfo& kInfo = GC.getUnitInfo(pUnit->getUnitType());
		std::string sz = std::string(aszDomains[kInfo.getDomainType()]) + format(" unit (type %d)", pUnit->getUnitType());
		if (kInfo.isLineOfSight() && kInfo.getDomainType() != DOMAIN_AIR)
		{
			sz += ", line of sight facing " + directionName(pUnit->getFacingDirection(false));
		}
		if (kInfo.getNumSeeInvisibleTypes() > 0)
		{
			sz += ", sees invisible";
			for (int i = 0; i < kInfo.getNumSeeInvisibleTypes(); ++i)
			{
				sz += format(" %d", kInfo.getSeeInvisibleType(i));
			}
		}
		if (pUnit->getExtraVisibilityRange() != 0)
		{
			sz += format(", promotions' extra visibility range %+d", pUnit->getExtraVisibilityRange());
		}
		return sz;
	}

	CvPlot* randomPlot(Rng& kRng)
	{
		return GC.getMapINLINE().plotByIndexINLINE(kRng.range(0, GC.getMapINLINE().numPlotsINLINE() - 1));
	}

	// A sight range: small mostly; large only on small maps that do not wrap (the original's
	// recursion follows every tied line of sight, and a wrapping axis never ends it).
	int randomRange(Rng& kRng)
	{
		const CvMap& kMap = GC.getMapINLINE();
		const bool bSmallMap = kMap.getGridWidthINLINE() <= 10 && kMap.getGridHeightINLINE() <= 10 && !kMap.isWrapXINLINE()
			&& !kMap.isWrapYINLINE();
		const int iKind = kRng.range(0, 99);
		if (iKind < 75)
		{
			return kRng.range(-2, 6);
		}
		if (iKind < 92 || !bSmallMap)
		{
			return kRng.range(7, bSmallMap ? 12 : 9);
		}
		return kRng.range(13, 64);
	}

	CvUnit makeUnit(Rng& kRng, TeamTypes eTeam, const CvPlot& kPlot)
	{
		const UnitTypes eType = static_cast<UnitTypes>(kRng.range(0, GC.getNumUnitInfos() - 1));
		CvUnit kUnit(eType, eTeam, kPlot.getX_INLINE(), kPlot.getY_INLINE(), static_cast<DirectionTypes>(kRng.range(0, 7)));
		for (int i = 0; i < GC.getNumPromotionInfos(); ++i)
		{
			kUnit.setHasPromotionUnbracketed(static_cast<PromotionTypes>(i), kRng.chance(40));
		}
		return kUnit;
	}

	std::string changeText(const CountChange& k)
	{
		return "plot " + plotName(k.iPlot) + format(" team %d", k.eTeam)
			+ (k.eInvisible < 0 ? std::string(" (normal sight) ") : format(" (invisible type %d) ", k.eInvisible))
			+ format("%+d", k.iChange);
	}

	// Owners on some plots, without their own sight (a map's borders, for the sight to meet):
	// several teams not yet met. Returns the plots owned, to clear them after the case.
	std::vector<CvPlot*> ownSomePlots(Rng& kRng, Part& kPart)
	{
		std::vector<CvPlot*> apOwned;
		CvMap& kMap = GC.getMapINLINE();
		if (!kRng.chance(60))
		{
			return apOwned;
		}
		std::vector<int> aiOwned(MAX_TEAMS, 0);
		for (int i = 0; i < kMap.numPlotsINLINE(); ++i)
		{
			if (kRng.chance(30))
			{
				const TeamTypes eOwner = static_cast<TeamTypes>(kRng.range(0, MAX_TEAMS - 1));
				kMap.plotByIndexINLINE(i)->setOwnerUnsighted(eOwner);
				apOwned.push_back(kMap.plotByIndexINLINE(i));
				++aiOwned[eOwner];
			}
		}
		std::string sz = "owners:";
		for (int t = 0; t < MAX_TEAMS; ++t)
		{
			sz += format(" team %d %d plot(s);", t, aiOwned[t]);
		}
		kPart.add(sz + " no team has met another");
		return apOwned;
	}

	// A: one source added then removed.
	void checkSight(Rng& kRng, Part& kPart, std::string& szSource, int& iFirstContacts)
	{
		iFirstContacts = 0;
		CvPlot& kPlot = *randomPlot(kRng);
		const TeamTypes eTeam = static_cast<TeamTypes>(kRng.range(0, MAX_TEAMS - 1));
		const bool bUnit = kRng.chance(75);
		CvUnit kUnit = makeUnit(kRng, eTeam, kPlot);
		CvUnit* pUnit = bUnit ? &kUnit : NULL;
		const int iRange = (bUnit && kRng.chance(20)) ? kUnit.visibilityRange() : randomRange(kRng);
		szSource = "source on " + describePlot(kPlot) + format(", team %d, range %d, ", eTeam, iRange) + describeUnit(pUnit);
		kPart.add(szSource);
		const std::vector<CvPlot*> apOwned = ownSomePlots(kRng, kPart);
		for (int iPass = 0; iPass < 2; ++iPass)
		{
			const char* szWhat = iPass == 0 ? "add" : "remove";
			g_aTrace.clear();
			g_aMeetings.clear();
			g_bTraceFull = false;
			CvPlot::s_pfnVisibilityObserver = recordChange;
			CvTeam::s_pfnMeetObserver = recordMeeting;
			kPlot.changeAdjacentSight(eTeam, iRange, iPass == 0, pUnit, true);
			CvPlot::s_pfnVisibilityObserver = NULL;
			CvTeam::s_pfnMeetObserver = NULL;
			if (g_bTraceFull)
			{
				kPart.add(std::string(szWhat) + ": trace cut short");
			}
			if (iPass == 1 && g_bNetOnly)
			{
				// The remove's net change per plot, team and type.
				typedef std::map<std::pair<int, std::pair<int, int> >, int> Nets;
				Nets kNets;
				for (size_t i = 0; i < g_aTrace.size(); ++i)
				{
					const CountChange& k = g_aTrace[i];
					kNets[std::make_pair(k.iPlot, std::make_pair(k.eTeam, k.eInvisible))] += k.iChange;
				}
				for (Nets::const_iterator it = kNets.begin(); it != kNets.end(); ++it)
				{
					const int eInvisible = it->first.second.second;
					kPart.add("remove, net of plot " + plotName(it->first.first) + format(" team %d", it->first.second.first)
						+ (eInvisible < 0 ? std::string(" (normal sight)") : format(" (invisible type %d)", eInvisible))
						+ format(": %+d", it->second));
				}
			}
			else
			{
				for (size_t i = 0; i < g_aTrace.size(); ++i)
				{
					kPart.add(std::string(szWhat) + format(" change %d: ", static_cast<int>(i + 1)) + changeText(g_aTrace[i]));
				}
			}
			for (size_t i = 0; i < g_aMeetings.size(); ++i)
			{
				const Meeting& k = g_aMeetings[i];
				iFirstContacts += (iPass == 0 && k.bFirstContact) ? 1 : 0;
				kPart.add(std::string(szWhat) + format(" meeting %d: team %d meets team %d", static_cast<int>(i + 1), k.eTeam, k.eMet)
					+ (k.bFirstContact ? " (first contact)" : ""));
			}
		}
		for (size_t i = 0; i < apOwned.size(); ++i)
		{
			apOwned[i]->setOwnerUnsighted(NO_TEAM);
		}
	}

	DirectionTypes randomFacing(Rng& kRng)
	{
		return kRng.chance(50) ? NO_DIRECTION : static_cast<DirectionTypes>(kRng.range(0, 7));
	}

	// B: canSeePlot.
	void checkCanSeePlot(Rng& kRng, Part& kPart)
	{
		CvMap& kMap = GC.getMapINLINE();
		for (int i = 0; i < 6; ++i)
		{
			// Targets near the range's square: the original's recursion grows fast with the distance.
			CvPlot& kFrom = *randomPlot(kRng);
			const TeamTypes eTeam = static_cast<TeamTypes>(kRng.range(0, MAX_TEAMS - 1));
			const int iRange = kRng.range(-2, 10);
			const int iReach = std::min(12, iRange + 2);
			CvPlot* pTo = plotXY(kFrom.getX_INLINE(), kFrom.getY_INLINE(), kRng.range(-iReach, iReach), kRng.range(-iReach, iReach));
			if (pTo == NULL || kRng.chance(5))
			{
				pTo = kRng.chance(50) ? NULL : randomPlot(kRng);
			}
			if (pTo != NULL && (std::abs(kMap.dxWrap(pTo->getX_INLINE() - kFrom.getX_INLINE())) > 12
				|| std::abs(kMap.dyWrap(pTo->getY_INLINE() - kFrom.getY_INLINE())) > 12))
			{
				pTo = NULL;
			}
			const DirectionTypes eFacing = randomFacing(kRng);
			const bool bSees = kFrom.canSeePlot(pTo, eTeam, iRange, eFacing);
			kPart.add("canSeePlot from " + describePlot(kFrom) + " to " + (pTo != NULL ? describePlot(*pTo) : std::string("no plot"))
				+ format(", team %d, range %d, facing ", eTeam, iRange) + directionName(eFacing) + (bSees ? ": sees" : ": does not see"));
		}
	}

	// C: canSeeDisplacementPlot.
	void checkDisplacement(Rng& kRng, Part& kPart)
	{
		for (int i = 0; i < 6; ++i)
		{
			CvPlot& kFrom = *randomPlot(kRng);
			const TeamTypes eTeam = static_cast<TeamTypes>(kRng.range(0, MAX_TEAMS - 1));
			const int iDX = kRng.range(-8, 8);
			const int iDY = kRng.range(-8, 8);
			const bool bSame = kRng.chance(70);
			const int iOriginalDX = bSame ? iDX : kRng.range(-8, 8);
			const int iOriginalDY = bSame ? iDY : kRng.range(-8, 8);
			const bool bFirst = kRng.chance(50);
			const bool bOuter = kRng.chance(50);
			const bool bSees = kFrom.canSeeDisplacementPlot(eTeam, iDX, iDY, iOriginalDX, iOriginalDY, bFirst, bOuter);
			kPart.add("canSeeDisplacementPlot from " + describePlot(kFrom)
				+ format(", team %d, displacement (%d,%d), original (%d,%d)", eTeam, iDX, iDY, iOriginalDX, iOriginalDY)
				+ (bFirst ? ", first plot" : "") + (bOuter ? ", outer ring" : "") + (bSees ? ": true" : ": false"));
		}
	}

	// F: shouldProcessDisplacementPlot.
	void checkFacing(Rng& kRng, Part& kPart)
	{
		for (int i = 0; i < 8; ++i)
		{
			const CvPlot& kFrom = *randomPlot(kRng);
			const int iDX = kRng.range(-10, 10);
			const int iDY = kRng.range(-10, 10);
			const int iRange = kRng.range(0, 10);
			const DirectionTypes eFacing = randomFacing(kRng);
			const bool bProcess = standinShouldProcess(kFrom, iDX, iDY, iRange, eFacing);
			kPart.add(format("shouldProcessDisplacementPlot (%d,%d) range %d facing ", iDX, iDY, iRange) + directionName(eFacing)
				+ (bProcess ? ": true" : ": false"));
		}
	}

	// L: the levels.
	void checkLevels(Part& kPart)
	{
		CvMap& kMap = GC.getMapINLINE();
		for (int i = 0; i < kMap.numPlotsINLINE(); ++i)
		{
			const CvPlot& kPlot = *kMap.plotByIndexINLINE(i);
			std::string sz = "levels of " + describePlot(kPlot) + format(": see-through %d, see-from", kPlot.seeThroughLevel());
			for (int t = 0; t < MAX_TEAMS; ++t)
			{
				sz += format(" %d", kPlot.seeFromLevel(static_cast<TeamTypes>(t)));
			}
			kPart.add(sz);
		}
	}

	int wrappedDistance(int iFrom, int iTo, int iLength, bool bWrap)
	{
		const int iDistance = std::abs(iFrom - iTo);
		return bWrap ? std::min(iDistance, iLength - iDistance) : iDistance;
	}

	// The square the game's updateSeeFromSight re-sights (docs/vision-rules.md, section 7).
	int gameResightRadius()
	{
		int iRange = GC.getDefineINT("UNIT_VISIBILITY_RANGE") + 1;
		for (int i = 0; i < GC.getNumPromotionInfos(); ++i)
		{
			iRange += GC.getPromotionInfo(static_cast<PromotionTypes>(i)).getVisibilityChange();
		}
		return std::max(GC.getDefineINT("RECON_VISIBILITY_RANGE") + 1, iRange);
	}

	// E: an updateSeeFromSight bracket. Only where the game's square holds each plot once and
	// every source whose sight could change lies inside it (else the game's own bracket misses
	// sources, which is not what is compared here).
	void addCounts(Part& kPart, const char* szWhen);

	void checkBracket(Rng& kRng, Part& kPart, std::string& szBracket)
	{
		CvMap& kMap = GC.getMapINLINE();
		const int iRadius = gameResightRadius();
		if ((kMap.isWrapXINLINE() && kMap.getGridWidthINLINE() < 2 * iRadius + 1)
			|| (kMap.isWrapYINLINE() && kMap.getGridHeightINLINE() < 2 * iRadius + 1) || kMap.numPlotsINLINE() > 2000)
		{
			kPart.add("no bracket (the map is too small or too large for this one)");
			return;
		}
		CvPlot& kChanged = *randomPlot(kRng);
		const int iNumSources = kRng.range(1, 5);
		szBracket = "bracket around " + describePlot(kChanged) + ";";
		for (int i = 0; i < iNumSources; ++i)
		{
			CvPlot& kAt = *randomPlot(kRng);
			const int iDistance = std::max(
				wrappedDistance(kAt.getX_INLINE(), kChanged.getX_INLINE(), kMap.getGridWidthINLINE(), kMap.isWrapXINLINE()),
				wrappedDistance(kAt.getY_INLINE(), kChanged.getY_INLINE(), kMap.getGridHeightINLINE(), kMap.isWrapYINLINE()));
			const TeamTypes eTeam = static_cast<TeamTypes>(kRng.range(0, MAX_TEAMS - 1));
			if (kRng.chance(25))
			{
				if (iDistance <= iRadius || iDistance > GC.getDefineINT("PLOT_VISIBILITY_RANGE") + 1)
				{
					kAt.setOwnerTeam(eTeam);
					szBracket += format(" plot (%d,%d) owned by team %d;", kAt.getX_INLINE(), kAt.getY_INLINE(), eTeam);
				}
				continue;
			}
			const UnitTypes eType = static_cast<UnitTypes>(kRng.range(0, GC.getNumUnitInfos() - 1));
			const DirectionTypes eFacing = static_cast<DirectionTypes>(kRng.range(0, 7));
			if (iDistance <= iRadius || iDistance > GC.getDefineINT("UNIT_VISIBILITY_RANGE") + 1)
			{
				kMap.createUnit(eType, eTeam, kAt.getX_INLINE(), kAt.getY_INLINE(), eFacing);
				szBracket += format(" unit type %d of team %d on (%d,%d) facing ", eType, eTeam, kAt.getX_INLINE(), kAt.getY_INLINE())
					+ directionName(eFacing) + ";";
			}
		}
		const int iWhat = kRng.range(0, 2);
		if (iWhat == 0)
		{
			const PlotTypes eType = static_cast<PlotTypes>(kRng.range(0, 3));
			szBracket += format(" plot type set to %d", eType);
			kChanged.setPlotType(eType);
		}
		else if (iWhat == 1)
		{
			const TerrainTypes eTerrain = static_cast<TerrainTypes>(kRng.range(0, GC.getNumTerrainInfos() - 1));
			szBracket += format(" terrain set to %d", eTerrain);
			kChanged.setTerrainType(eTerrain);
		}
		else
		{
			const FeatureTypes eFeature = GC.getNumFeatureInfos() > 0 && kRng.chance(60)
				? static_cast<FeatureTypes>(kRng.range(0, GC.getNumFeatureInfos() - 1)) : NO_FEATURE;
			szBracket += format(" feature set to %d", eFeature);
			kChanged.setFeatureType(eFeature);
		}
		kPart.add(szBracket);
		addCounts(kPart, "after the bracket");
	}

	// Every count that is not 0, each plot and team: "count WHEN on plot P team T: ...".
	void addCounts(Part& kPart, const char* szWhen)
	{
		CvMap& kMap = GC.getMapINLINE();
		for (int i = 0; i < kMap.numPlotsINLINE(); ++i)
		{
			const CvPlot& kPlot = *kMap.plotByIndexINLINE(i);
			for (int t = 0; t < MAX_TEAMS; ++t)
			{
				const TeamTypes eTeam = static_cast<TeamTypes>(t);
				std::string sz;
				if (kPlot.getVisibilityCount(eTeam) != 0)
				{
					sz += format(" normal %d", kPlot.getVisibilityCount(eTeam));
				}
				for (int e = 0; e < GC.getNumInvisibleInfos(); ++e)
				{
					const int iCount = kPlot.getInvisibleVisibilityCount(eTeam, static_cast<InvisibleTypes>(e));
					sz += iCount != 0 ? format(" invisible %d: %d", e, iCount) : std::string();
				}
				if (!sz.empty())
				{
					kPart.add(std::string("count ") + szWhen + " on plot " + plotName(i) + format(" team %d:", t) + sz);
				}
			}
		}
	}

	// O: a team's extra water see-from changes (Optics learnt or lost, or a second source of it)
	// while units, recon missions and owned plots see, through CvTeam::changeExtraWaterSeeFromCount
	// (the tree's own, or its integrated copy's): the counts after it, then after the change back.
	void checkOptics(Rng& kRng, Part& kPart)
	{
		CvMap& kMap = GC.getMapINLINE();
		std::string szOptics = "Optics with";
		const int iNumSources = kRng.range(1, 6);
		for (int i = 0; i < iNumSources; ++i)
		{
			CvPlot& kAt = *randomPlot(kRng);
			const TeamTypes eTeam = static_cast<TeamTypes>(kRng.range(0, MAX_TEAMS - 1));
			if (kRng.chance(25))
			{
				kAt.setOwnerTeam(eTeam);
				szOptics += format(" plot (%d,%d) owned by team %d;", kAt.getX_INLINE(), kAt.getY_INLINE(), eTeam);
				continue;
			}
			const UnitTypes eType = static_cast<UnitTypes>(kRng.range(0, GC.getNumUnitInfos() - 1));
			const DirectionTypes eFacing = static_cast<DirectionTypes>(kRng.range(0, 7));
			CvUnit* pUnit = kMap.createUnit(eType, eTeam, kAt.getX_INLINE(), kAt.getY_INLINE(), eFacing);
			szOptics += format(" unit type %d of team %d on (%d,%d) facing ", eType, eTeam, kAt.getX_INLINE(), kAt.getY_INLINE())
				+ directionName(eFacing) + ";";
			if (kRng.chance(20))
			{
				CvPlot& kRecon = *randomPlot(kRng);
				pUnit->setReconPlot(&kRecon);
				szOptics += format(" its recon on (%d,%d);", kRecon.getX_INLINE(), kRecon.getY_INLINE());
			}
		}
		const TeamTypes eTeam = static_cast<TeamTypes>(kRng.range(0, MAX_TEAMS - 1));
		CvTeam& kTeam = GET_TEAM(eTeam);
		const int iChange = (kTeam.getExtraWaterSeeFromCount() == 0 || kRng.chance(50)) ? 1 : -1;
		szOptics += format(" team %d's extra water see-from count %d changed by %d", eTeam,
			kTeam.getExtraWaterSeeFromCount(), iChange);
		kPart.add(szOptics);
		kTeam.changeExtraWaterSeeFromCount(iChange);
		addCounts(kPart, "after the change");
		kTeam.changeExtraWaterSeeFromCount(-iChange);
		addCounts(kPart, "after the change back");
	}

	struct Result
	{
		int iFirstContacts; // of part A's add: two or more, and their order shows
		std::string szWorld;
		std::string szSource;
		std::string szBracket;
		std::vector<Part> aParts;
	};

	void runCase(unsigned int uSeed, int iCase, Result& kResult)
	{
		Rng kRng(mix(uSeed, static_cast<unsigned int>(iCase)));
		Case kCase;
		makeWorld(kRng, kCase);
		kResult.szWorld = describeWorld(kCase);
		// Each part draws from its own generator, so one part's draws never shift another's.
		Rng kSight(kRng.next());
		Rng kPlots(kRng.next());
		Rng kSteps(kRng.next());
		Rng kFacing(kRng.next());
		Rng kBracket(kRng.next());
		kResult.aParts.clear();
		kResult.aParts.push_back(Part('A'));
		checkSight(kSight, kResult.aParts.back(), kResult.szSource, kResult.iFirstContacts);
		kResult.aParts.push_back(Part('B'));
		checkCanSeePlot(kPlots, kResult.aParts.back());
		kResult.aParts.push_back(Part('C'));
		checkDisplacement(kSteps, kResult.aParts.back());
		kResult.aParts.push_back(Part('F'));
		checkFacing(kFacing, kResult.aParts.back());
		kResult.aParts.push_back(Part('L'));
		checkLevels(kResult.aParts.back());
		kResult.aParts.push_back(Part('E'));
		checkBracket(kBracket, kResult.aParts.back(), kResult.szBracket);
		Rng kOptics(kRng.next());
		kResult.aParts.push_back(Part('O'));
		checkOptics(kOptics, kResult.aParts.back());
	}

	double nowSeconds()
	{
		return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
	}

	// Calls between two readings of the clock in runBench.
	const int BENCH_BATCH = 16;
	// Origins whose count changes the floor replays (runBench).
	const int FLOOR_ORIGINS = 1024;

	// One count change of a source's add or remove, as changeVisibilityCount received it.
	struct FloorChange
	{
		CvPlot* pPlot;
		TeamTypes eTeam;
		int iChange;
		InvisibleTypes eInvisible;
	};
	std::vector<FloorChange>* g_paFloorChanges = NULL; // where recordFloorChange writes

	void recordFloorChange(const CvPlot& kPlot, TeamTypes eTeam, int iChange, InvisibleTypes eInvisible)
	{
		const FloorChange kChange = { const_cast<CvPlot*>(&kPlot), eTeam, iChange, eInvisible };
		g_paFloorChanges->push_back(kChange);
	}

	// A range's bench origins: FLOOR_ORIGINS random plots, each with a land unit of team 0 on it,
	// made before any timing (in the game the unit exists when its sight changes), shared by the
	// bench and its floor, so that both touch the same plots in the same order.
	struct BenchOrigin
	{
		CvPlot* pPlot;
		CvUnit kUnit;
	};

	void makeBenchOrigins(Rng& kRng, std::vector<BenchOrigin>& aOrigins)
	{
		CvMap& kMap = GC.getMapINLINE();
		aOrigins.clear();
		for (int i = 0; i < FLOOR_ORIGINS; ++i)
		{
			CvPlot* pPlot = kMap.plotByIndexINLINE(kRng.range(0, kMap.numPlotsINLINE() - 1));
			const BenchOrigin kOrigin = { pPlot, CvUnit(static_cast<UnitTypes>(0), static_cast<TeamTypes>(0),
				pPlot->getX_INLINE(), pPlot->getY_INLINE(), DIRECTION_NORTH) };
			aOrigins.push_back(kOrigin);
		}
	}

	// The floor of a range: the count changes the add and remove of a unit's sight make at the
	// bench's origins, recorded once, then made again straight through
	// CvPlot::changeVisibilityCount, no sight computed: what any vision code pays at the least.
	double floorNs(std::vector<BenchOrigin>& aOrigins, int iRange)
	{
		std::vector<std::vector<FloorChange> > aaChanges(FLOOR_ORIGINS);
		for (int i = 0; i < FLOOR_ORIGINS; ++i)
		{
			g_paFloorChanges = &aaChanges[i];
			CvPlot::s_pfnVisibilityObserver = recordFloorChange;
			aOrigins[i].pPlot->changeAdjacentSight(static_cast<TeamTypes>(0), iRange, true, &aOrigins[i].kUnit, true);
			aOrigins[i].pPlot->changeAdjacentSight(static_cast<TeamTypes>(0), iRange, false, &aOrigins[i].kUnit, true);
			CvPlot::s_pfnVisibilityObserver = NULL;
		}
		const double fBegin = nowSeconds();
		int iCalls = 0;
		while (nowSeconds() - fBegin < 0.25 || iCalls < 20)
		{
			for (int iBatch = 0; iBatch < BENCH_BATCH; ++iBatch)
			{
				const std::vector<FloorChange>& aChanges = aaChanges[iCalls % FLOOR_ORIGINS];
				for (size_t j = 0; j < aChanges.size(); ++j)
				{
					const FloorChange& kChange = aChanges[j];
					kChange.pPlot->changeVisibilityCount(kChange.eTeam, kChange.iChange, kChange.eInvisible, true);
				}
				++iCalls;
			}
		}
		return (nowSeconds() - fBegin) * 1e9 / iCalls;
	}

	void benchRanges(Rng& kRng, const char* szKind);
	void benchOptics(Rng& kRng);
	void addCounts(Part& kPart, const char* szWhen);

	// changeAdjacentSight add+remove of a land unit on a 64x64 map of BTS's levels, per range: on
	// a map no one sees, then on a map the team sees everywhere.
	int runBench(unsigned int uSeed)
	{
		Rng kRng(uSeed);
		GC.resetMock();
		GC.m_kDefines.SetValue("UNIT_VISIBILITY_RANGE", 1);
		GC.m_kDefines.SetValue("RECON_VISIBILITY_RANGE", 5);
		GC.m_kDefines.SetValue("PLOT_VISIBILITY_RANGE", 1);
		GC.m_kDefines.SetValue("PEAK_SEE_FROM_CHANGE", 2);
		GC.m_kDefines.SetValue("PEAK_SEE_THROUGH_CHANGE", 2);
		GC.m_kDefines.SetValue("HILLS_SEE_FROM_CHANGE", 1);
		GC.m_kDefines.SetValue("HILLS_SEE_THROUGH_CHANGE", 1);
		GC.m_kDefines.SetValue("MOVE_DENOMINATOR", 60);
		GC.m_aTerrains.push_back(CvTerrainInfo("TERRAIN_GRASS", 1, 1, false));
		GC.m_aTerrains.push_back(CvTerrainInfo("TERRAIN_OCEAN", 0, 0, true));
		GC.m_aFeatures.push_back(CvFeatureInfo("FEATURE_FOREST", 1));
		GC.m_aUnits.push_back(CvUnitInfo("UNIT_WARRIOR", DOMAIN_LAND));
		CvMap& kMap = GC.getMapINLINE();
		kMap.reset(64, 64, true, false, 2, 0);
		for (int i = 0; i < kMap.numPlotsINLINE(); ++i)
		{
			const int iType = kRng.range(0, 9);
			const PlotTypes eType = iType < 1 ? PLOT_PEAK : (iType < 3 ? PLOT_HILLS : (iType < 8 ? PLOT_LAND : PLOT_OCEAN));
			kMap.plotByIndexINLINE(i)->setFactsUnbracketed(eType, static_cast<TerrainTypes>(eType == PLOT_OCEAN ? 1 : 0),
				(eType != PLOT_OCEAN && kRng.chance(30)) ? static_cast<FeatureTypes>(0) : NO_FEATURE);
		}
		standinRulesChanged();
		benchRanges(kRng, "");
		// Again on a map team 0 already sees everywhere (one count on every plot, as the land
		// around a team's cities and units in a game): each count change is then 1 <-> 2, not
		// 0 <-> 1, and the plot's own bookkeeping of a plot turning visible is not paid.
		for (int i = 0; i < kMap.numPlotsINLINE(); ++i)
		{
			kMap.plotByIndexINLINE(i)->changeVisibilityCount(static_cast<TeamTypes>(0), 1, NO_INVISIBLE, true);
		}
		benchRanges(kRng, "-seen");
		benchOptics(kRng);
		return 0;
	}

	// A digest of every visibility count of the map (plots, teams, invisible types).
	unsigned int countsDigest()
	{
		Part kCounts('O');
		addCounts(kCounts, "");
		return kCounts.digest();
	}

	// The optics line: a Gigantic late-game map (256x160 wrapping east-west, 30% water, 8 teams,
	// cities' land owned on 20,000 plots, 6,000 units, 15% of them at sea; teams 2 and 4 know
	// Optics), on which team 3 learns Optics and loses it twice, each through
	// CvTeam::changeExtraWaterSeeFromCount (the tree's own, or its integrated copy's): the mean
	// time of one change, and a digest of the counts after the first, which both programs must
	// share.
	void benchOptics(Rng& kRng)
	{
		const int iWidth = 256, iHeight = 160, iOwned = 20000, iUnits = 6000;
		GC.m_aUnits.push_back(CvUnitInfo("UNIT_GALLEON", DOMAIN_SEA));
		CvMap& kMap = GC.getMapINLINE();
		kMap.reset(iWidth, iHeight, true, false, 8, 0);
		for (int i = 0; i < kMap.numPlotsINLINE(); ++i)
		{
			const int iRoll = kRng.range(0, 99);
			const PlotTypes eType = iRoll < 30 ? PLOT_OCEAN : (iRoll < 40 ? PLOT_HILLS : (iRoll < 43 ? PLOT_PEAK : PLOT_LAND));
			kMap.plotByIndexINLINE(i)->setFactsUnbracketed(eType, static_cast<TerrainTypes>(eType == PLOT_OCEAN ? 1 : 0),
				(eType == PLOT_LAND || eType == PLOT_HILLS) && kRng.chance(30) ? static_cast<FeatureTypes>(0) : NO_FEATURE);
		}
		standinRulesChanged();
		GET_TEAM(static_cast<TeamTypes>(2)).changeExtraWaterSeeFromCount(1);
		GET_TEAM(static_cast<TeamTypes>(4)).changeExtraWaterSeeFromCount(1);
		// Cities, each owning the unowned plots within 3, until iOwned plots are owned.
		int iOwnedNow = 0;
		for (int iTries = 0; iOwnedNow < iOwned && iTries < 100000; ++iTries)
		{
			const CvPlot& kCity = *kMap.plotByIndexINLINE(kRng.range(0, kMap.numPlotsINLINE() - 1));
			if (kCity.getPlotType() == PLOT_OCEAN || kCity.getTeam() != NO_TEAM)
			{
				continue;
			}
			const TeamTypes eTeam = static_cast<TeamTypes>(kRng.range(0, 7));
			for (int iDY = -3; iDY <= 3 && iOwnedNow < iOwned; ++iDY)
			{
				for (int iDX = -3; iDX <= 3 && iOwnedNow < iOwned; ++iDX)
				{
					CvPlot* pPlot = kMap.plotINLINE(kCity.getX_INLINE() + iDX, kCity.getY_INLINE() + iDY);
					if (pPlot != NULL && pPlot->getTeam() == NO_TEAM)
					{
						pPlot->setOwnerTeam(eTeam);
						++iOwnedNow;
					}
				}
			}
		}
		for (int i = 0; i < iUnits; ++i)
		{
			const bool bSea = kRng.chance(15);
			CvPlot* pAt = NULL;
			while (pAt == NULL || (pAt->getPlotType() == PLOT_OCEAN) != bSea)
			{
				pAt = kMap.plotByIndexINLINE(kRng.range(0, kMap.numPlotsINLINE() - 1));
			}
			kMap.createUnit(static_cast<UnitTypes>(bSea ? 1 : 0), static_cast<TeamTypes>(kRng.range(0, 7)),
				pAt->getX_INLINE(), pAt->getY_INLINE());
		}
		kMap.unitSourcesOn(0); // the index of the units' sources made before the clock
		CvTeam& kTeam = GET_TEAM(static_cast<TeamTypes>(3));
		double fSeconds = 0;
		unsigned int uDigest = 0;
		for (int i = 0; i < 4; ++i)
		{
			const double fBegin = nowSeconds();
			kTeam.changeExtraWaterSeeFromCount(i % 2 == 0 ? 1 : -1);
			fSeconds += nowSeconds() - fBegin;
			if (i == 0)
			{
				uDigest = countsDigest();
			}
		}
		std::printf("optics %s ms=%.3f counts=%08x plots=%d units=%d owned=%d\n", g_szStandinProgram, fSeconds * 1e3 / 4,
			uDigest, kMap.numPlotsINLINE(), iUnits, iOwnedNow);
	}

	// The bench and floor lines of ranges 1 to 8 (szKind: "" or "-seen", after the line's kind).
	void benchRanges(Rng& kRng, const char* szKind)
	{
		std::vector<BenchOrigin> aOrigins;
		for (int iRange = 1; iRange <= 8; ++iRange)
		{
			makeBenchOrigins(kRng, aOrigins);
			const double fBegin = nowSeconds();
			int iCalls = 0;
			// The clock is read once per batch of calls: reading it costs about as much as a call at
			// range 1 (a system call), which the game does not pay.
			while (nowSeconds() - fBegin < 0.25 || iCalls < 20)
			{
				for (int iBatch = 0; iBatch < BENCH_BATCH; ++iBatch)
				{
					BenchOrigin& kOrigin = aOrigins[iCalls % FLOOR_ORIGINS];
					kOrigin.pPlot->changeAdjacentSight(static_cast<TeamTypes>(0), iRange, true, &kOrigin.kUnit, true);
					kOrigin.pPlot->changeAdjacentSight(static_cast<TeamTypes>(0), iRange, false, &kOrigin.kUnit, true);
					++iCalls;
				}
			}
			const double fNs = (nowSeconds() - fBegin) * 1e9 / iCalls;
			std::printf("bench%s %s range=%d ns=%.0f calls=%d\n", szKind, g_szStandinProgram, iRange, fNs, iCalls);
			std::printf("floor%s %s range=%d ns=%.0f\n", szKind, g_szStandinProgram, iRange, floorNs(aOrigins, iRange));
		}
	}

	bool parseInt(const char* sz, long& lValue)
	{
		char* pEnd = NULL;
		lValue = std::strtol(sz, &pEnd, 10);
		return pEnd != sz && *pEnd == '\0';
	}
}

int main(int argc, char** argv)
{
	long lSeed = 1;
	long lCases = 100;
	long lFirst = 0;
	long lOnly = -1;
	bool bBench = false;
	for (int i = 1; i < argc; ++i)
	{
		long lValue = 0;
		const std::string szArg = argv[i];
		if (szArg == "--bench")
		{
			bBench = true;
			continue;
		}
		if (szArg == "--net")
		{
			g_bNetOnly = true;
			continue;
		}
		if (szArg == "--define" && i + 1 < argc)
		{
			const std::string szDefine = argv[++i];
			const std::string::size_type iEquals = szDefine.find('=');
			if (iEquals == std::string::npos || iEquals == 0 || !parseInt(szDefine.c_str() + iEquals + 1, lValue))
			{
				std::fprintf(stderr, "driver: --define %s: not NAME=INTEGER\n", szDefine.c_str());
				return 2;
			}
			g_aExtraDefines.push_back(std::make_pair(szDefine.substr(0, iEquals), static_cast<int>(lValue)));
			continue;
		}
		if (i + 1 >= argc || !parseInt(argv[i + 1], lValue) || lValue < 0)
		{
			std::fprintf(stderr, "driver: usage: driver [--seed S] [--first K] [--cases N] [--case K] [--define NAME=VALUE] [--bench]\n");
			return 2;
		}
		++i;
		if (szArg == "--seed")
		{
			lSeed = lValue;
		}
		else if (szArg == "--cases")
		{
			lCases = lValue;
		}
		else if (szArg == "--first")
		{
			lFirst = lValue;
		}
		else if (szArg == "--case")
		{
			lOnly = lValue;
		}
		else
		{
			std::fprintf(stderr, "driver: unknown option %s\n", szArg.c_str());
			return 2;
		}
	}
	const unsigned int uSeed = static_cast<unsigned int>(lSeed);
	if (bBench)
	{
		return runBench(uSeed);
	}
	Result kResult;
	if (lOnly >= 0)
	{
		g_bKeepLines = true;
		runCase(uSeed, static_cast<int>(lOnly), kResult);
		std::printf("world %s\n", kResult.szWorld.c_str());
		for (size_t p = 0; p < kResult.aParts.size(); ++p)
		{
			const std::vector<std::string>& aszLines = kResult.aParts[p].lines();
			for (size_t i = 0; i < aszLines.size(); ++i)
			{
				std::printf("%c %s\n", kResult.aParts[p].name(), aszLines[i].c_str());
			}
		}
		return 0;
	}
	for (long k = lFirst; k < lFirst + lCases; ++k)
	{
		runCase(uSeed, static_cast<int>(k), kResult);
		std::printf("case %ld", k);
		for (size_t p = 0; p < kResult.aParts.size(); ++p)
		{
			std::printf(" %c=%08x", kResult.aParts[p].name(), kResult.aParts[p].digest());
		}
		std::printf(" first_contacts=%d\n", kResult.iFirstContacts);
	}
	std::fflush(stdout);
	return 0;
}
