// SDK mock: the info classes, with only the members vision reads. Tests fill them directly.
// Written for CvVision's tests from the spec; not the SDK's file.
#pragma once
#ifndef CV_MOCK_INFOS_H
#define CV_MOCK_INFOS_H

#include "CvEnums.h"

#include <string>
#include <vector>

class CvInfoBase
{
public:
	explicit CvInfoBase(const std::string& szType = "") : m_szType(szType) {}
	const char* getType() const { return m_szType.c_str(); }

private:
	std::string m_szType;
};

class CvTerrainInfo : public CvInfoBase
{
public:
	CvTerrainInfo(const std::string& szType, int iSeeFrom, int iSeeThrough, bool bWater)
		: CvInfoBase(szType), m_iSeeFrom(iSeeFrom), m_iSeeThrough(iSeeThrough), m_bWater(bWater) {}
	int getSeeFromLevel() const { return m_iSeeFrom; }
	int getSeeThroughLevel() const { return m_iSeeThrough; }
	bool isWater() const { return m_bWater; }

private:
	int m_iSeeFrom;
	int m_iSeeThrough;
	bool m_bWater;
};

class CvFeatureInfo : public CvInfoBase
{
public:
	CvFeatureInfo(const std::string& szType, int iSeeThroughChange)
		: CvInfoBase(szType), m_iSeeThroughChange(iSeeThroughChange) {}
	int getSeeThroughChange() const { return m_iSeeThroughChange; }

private:
	int m_iSeeThroughChange;
};

class CvImprovementInfo : public CvInfoBase
{
public:
	explicit CvImprovementInfo(const std::string& szType) : CvInfoBase(szType) {}
};

class CvTechInfo : public CvInfoBase
{
public:
	CvTechInfo(const std::string& szType, bool bExtraWaterSeeFrom)
		: CvInfoBase(szType), m_bExtraWaterSeeFrom(bExtraWaterSeeFrom) {}
	bool isExtraWaterSeeFrom() const { return m_bExtraWaterSeeFrom; }

private:
	bool m_bExtraWaterSeeFrom;
};

class CvPromotionInfo : public CvInfoBase
{
public:
	CvPromotionInfo(const std::string& szType, int iVisibilityChange)
		: CvInfoBase(szType), m_iVisibilityChange(iVisibilityChange) {}
	int getVisibilityChange() const { return m_iVisibilityChange; }

private:
	int m_iVisibilityChange;
};

class CvInvisibleInfo : public CvInfoBase
{
public:
	explicit CvInvisibleInfo(const std::string& szType) : CvInfoBase(szType) {}
};

class CvUnitInfo : public CvInfoBase
{
public:
	CvUnitInfo(const std::string& szType, DomainTypes eDomain)
		: CvInfoBase(szType), m_eDomain(eDomain), m_eInvisible(NO_INVISIBLE), m_bInvisible(false)
		, m_bLineOfSight(false), m_iAirRange(0) {}
	DomainTypes getDomainType() const { return m_eDomain; }
	InvisibleTypes getInvisibleType() const { return m_eInvisible; }
	int getNumSeeInvisibleTypes() const { return static_cast<int>(m_aeSeeInvisible.size()); }
	InvisibleTypes getSeeInvisibleType(int i) const { return m_aeSeeInvisible[i]; }
	bool isInvisible() const { return m_bInvisible; }
	bool isLineOfSight() const { return m_bLineOfSight; }
	int getAirRange() const { return m_iAirRange; }

	// mock only
	CvUnitInfo& seeInvisible(InvisibleTypes e) { m_aeSeeInvisible.push_back(e); return *this; }
	CvUnitInfo& invisible(InvisibleTypes e) { m_eInvisible = e; return *this; }
	CvUnitInfo& lineOfSight() { m_bLineOfSight = true; return *this; }
	CvUnitInfo& airRange(int i) { m_iAirRange = i; return *this; }

private:
	DomainTypes m_eDomain;
	InvisibleTypes m_eInvisible;
	std::vector<InvisibleTypes> m_aeSeeInvisible;
	bool m_bInvisible;
	bool m_bLineOfSight;
	int m_iAirRange;
};

#endif
