// SDK mock: the game's variable system, where the defines live.
// Written for CvVision's tests; not the SDK's file.
#pragma once
#ifndef CV_MOCK_FVARIABLESYSTEM_H
#define CV_MOCK_FVARIABLESYSTEM_H

#include <map>
#include <string>

// The game keeps its defines in a variable system; GetValue says whether a name exists.
class FVariableSystem
{
public:
	bool GetValue(const char* szName, int& iValue) const
	{
		const std::map<std::string, int>::const_iterator it = m_kValues.find(szName);
		if (it == m_kValues.end())
		{
			return false;
		}
		iValue = it->second;
		return true;
	}
	void SetValue(const char* szName, int iValue)
	{
		m_kValues[szName] = iValue;
		++m_iVersion;
	}
	void clear()
	{
		m_kValues.clear();
		++m_iVersion;
	}
	// Changes with every SetValue and clear: what a copy of a value read before is checked against.
	int version() const { return m_iVersion; }

	FVariableSystem() : m_iVersion(0) {}

private:
	std::map<std::string, int> m_kValues;
	int m_iVersion;
};

#endif
