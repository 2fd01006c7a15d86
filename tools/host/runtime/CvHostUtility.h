// The executable as the core sees it, gDLL (CvDLLUtilityIFaceBase): the host's answers to the
// calls the load and read paths need, over the generated stand-ins (CvHostStubs.generated.h) that
// answer and count every other call.
//
// Real: memory (plain malloc and free, since the core's operator new forwards here and replaces
// the whole process's), the other interfaces (the XML parser, CvHostXmlIFace; the path finder,
// CvHostFAStarIFace; the rest stand-ins),
// the file search (CvHostFiles), the logs and message boxes (CvHostLog), the game's text (kept as
// the core adds it; getText answers a key's text, or the key), the mod's name.
// Answered "no": cache reads (the core then reads its XML; cache writes answer done), the file manager, modular XML loading, the
// world builder, network and Python.
#pragma once

#include "CvHostStubs.generated.h"
#include "CvHostFAStar.h"
#include "CvHostFiles.h"
#include "CvHostPythonIFace.h"
#include "CvHostXmlIFace.h"

#include <map>
#include <string>

class CvHostUtility : public CvHostStub_CvDLLUtilityIFaceBase
{
public:
	CvHostUtility(const CvHostFiles& files, const std::string& modName);

	CvDLLEntityIFaceBase* getEntityIFace() override { return &m_entity; }
	CvDLLInterfaceIFaceBase* getInterfaceIFace() override { return &m_interface; }
	CvDLLEngineIFaceBase* getEngineIFace() override { return &m_engine; }
	CvDLLIniParserIFaceBase* getIniParserIFace() override { return &m_iniParser; }
	CvDLLSymbolIFaceBase* getSymbolIFace() override { return &m_symbol; }
	CvDLLFeatureIFaceBase* getFeatureIFace() override { return &m_feature; }
	CvDLLRouteIFaceBase* getRouteIFace() override { return &m_route; }
	CvDLLPlotBuilderIFaceBase* getPlotBuilderIFace() override { return &m_plotBuilder; }
	CvDLLRiverIFaceBase* getRiverIFace() override { return &m_river; }
	CvDLLFAStarIFaceBase* getFAStarIFace() override { return &m_faStar; }
	CvDLLXmlIFaceBase* getXMLIFace() override { return &m_xml; }
	CvDLLFlagEntityIFaceBase* getFlagEntityIFace() override { return &m_flagEntity; }
	CvDLLPythonIFaceBase* getPythonIFace() override { return &m_python; }

	void delMem(void* p) override;
	void* newMem(size_t size) override;
	void delMem(void* p, const char* pcFile, int iLine) override;
	void* newMem(size_t size, const char* pcFile, int iLine) override;
	void delMemArray(void* p, const char* pcFile, int iLine) override;
	void* newMemArray(size_t size, const char* pcFile, int iLine) override;
	void* reallocMem(void* a, unsigned int uiBytes, const char* pcFile, int iLine) override;
	unsigned int memSize(void* a) override;

	void MessageBox(const TCHAR* szText, const TCHAR* szCaption) override;
	void logMsg(const TCHAR* pLogFileName, const TCHAR* pBuf, bool bWriteToConsole, bool bTimeStamp) override;
	void enumerateFiles(std::vector<CvString>& files, const char* szPattern) override;
	const char* getModName(bool bFullPath) const override;
	// The host keeps no cache: the core reads its XML each time, and a write "succeeds" (else the
	// core shows an "XML Caching Error" box for each file).
	bool cacheWrite(CvCacheObject* pCache) override { return true; }
	// The executable's autorun (a game played by the computer alone, play): the game goes on when no
	// human is left, and a victory extends it (GAMESTATE_EXTENDED) instead of ending it.
	bool GetAutorun() override { return m_autorun; }
	void setAutorun(bool autorun) { m_autorun = autorun; }

	CvWString getText(CvWString szIDTag, ...) override;
	CvWString getObjectText(CvWString szIDTag, uint uiForm, bool bNoSubs) override;
	void addText(const TCHAR* szIDTag, const wchar* szString, const wchar* szGender, const wchar* szPlural) override;

	int textCount() const { return (int)m_text.size(); }
	const CvHostFiles& files() const { return m_files; }
	const CvHostXmlIFace& xml() const { return m_xml; }
	const CvHostPythonIFace& python() const { return m_python; }

private:
	const CvHostFiles& m_files;
	std::string m_modName;
	bool m_autorun = false;
	std::map<std::wstring, std::wstring> m_text; // key -> text
	CvHostXmlIFace m_xml;
	CvHostStub_CvDLLEntityIFaceBase m_entity;
	CvHostStub_CvDLLInterfaceIFaceBase m_interface;
	CvHostStub_CvDLLEngineIFaceBase m_engine;
	CvHostStub_CvDLLIniParserIFaceBase m_iniParser;
	CvHostStub_CvDLLSymbolIFaceBase m_symbol;
	CvHostStub_CvDLLFeatureIFaceBase m_feature;
	CvHostStub_CvDLLRouteIFaceBase m_route;
	CvHostStub_CvDLLPlotBuilderIFaceBase m_plotBuilder;
	CvHostStub_CvDLLRiverIFaceBase m_river;
	CvHostFAStarIFace m_faStar; // the path finder (CvHostFAStar.h)
	CvHostStub_CvDLLFlagEntityIFaceBase m_flagEntity;
	CvHostPythonIFace m_python;
};
