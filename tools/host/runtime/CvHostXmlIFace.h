// The host's answer to a core's CvDLLXmlIFaceBase (the game's XML parser as the core sees it,
// gDLL->getXMLIFace()): each of its 42 calls forwarded to CvHostXmlDocument (CvHostXml.h), where
// their semantics are argued. Compiled against the tree's own CvDLLXMLIFaceBase.h, which must be
// on the include path (-I the tree): the shared trees' headers are BTS's, AdvCiv's differs in form
// only. Header-only; the document's code is CvHostXml.cpp.
//
// The core's FXml and FXmlSchemaCache, which it only declares, are defined here: an FXml is a
// document; a schema cache is a token, the parsed schemas being kept by the interface object for
// its lifetime (a schema file does not change while a core loads). Files are found by the resolver
// given at construction (the game's search order), problems told to the error sink.
//
// Validate answers true (the host does not check documents against their schemas); IsAllowXMLCaching
// false; MapChildren (a hint to hash the children for SetToChildByTagName) does nothing. The writing
// calls (AddChildNode... WriteXml, the "inserted node" calls), which no core's loading uses, answer
// false or 0, are counted by the document and the first of each document is told to the sink.
#ifndef CVHOST_XML_IFACE_H
#define CVHOST_XML_IFACE_H

#include <stddef.h>

#include <algorithm>
#include <string>
#include <vector>

#include "CvHostXml.h"

// What CvDLLXMLIFaceBase.h takes as given: the core's narrow character type (TCHAR, as the host's
// windows.h has it) and CvGameCoreDLL.h's wchar. Repeating a typedef of the same type is allowed.
typedef char TCHAR;
typedef wchar_t wchar;

#include <CvDLLXMLIFaceBase.h>

class FXml : public CvHostXmlDocument
{
public:
	explicit FXml(const CvHostXmlErrorSink& kReport) : CvHostXmlDocument(kReport) {}
};

class FXmlSchemaCache
{};

class CvHostXmlIFace : public CvDLLXmlIFaceBase
{
public:
	CvHostXmlIFace(const CvHostXmlResolver& kResolve, const CvHostXmlErrorSink& kReport)
		: m_kResolve(kResolve), m_kReport(kReport)
	{}
	virtual ~CvHostXmlIFace() {}

	const CvHostXmlSchemaCache& schemas() const { return m_kSchemas; }
	// The disk files the core's loads read (LoadXml that succeeded), in order, each once.
	const std::vector<std::string>& filesLoaded() const { return m_aLoaded; }

	FXml* CreateFXml(FXmlSchemaCache* /*pSchemaCache*/) override { return new FXml(m_kReport); }
	void DestroyFXml(FXml*& xml) override
	{
		delete xml;
		xml = NULL;
	}
	void DestroyFXmlSchemaCache(FXmlSchemaCache*& pCache) override
	{
		delete pCache;
		pCache = NULL;
	}
	FXmlSchemaCache* CreateFXmlSchemaCache() override { return new FXmlSchemaCache; }

	bool LoadXml(FXml* xml, const TCHAR* pszXmlFile) override
	{
		if (!xml || !pszXmlFile || !xml->loadFile(pszXmlFile, m_kResolve, &m_kSchemas)) return false;
		if (std::find(m_aLoaded.begin(), m_aLoaded.end(), xml->fileName()) == m_aLoaded.end())
			m_aLoaded.push_back(xml->fileName());
		return true;
	}
	bool Validate(FXml* /*xml*/, TCHAR* pszError) override
	{
		if (pszError)
		{
			pszError[0] = '\0';
		}
		return true;
	}
	bool LocateNode(FXml* xml, const TCHAR* pszXmlNode) override { return xml && xml->locateNode(pszXmlNode); }
	bool LocateFirstSiblingNodeByTagName(FXml* xml, TCHAR* pszTagName) override
	{
		return xml && xml->locateFirstSiblingByTagName(pszTagName);
	}
	bool LocateNextSiblingNodeByTagName(FXml* xml, TCHAR* pszTagName) override
	{
		return xml && xml->locateNextSiblingByTagName(pszTagName);
	}
	bool NextSibling(FXml* xml) override { return xml && xml->nextSibling(); }
	bool PrevSibling(FXml* xml) override { return xml && xml->prevSibling(); }
	bool SetToChild(FXml* xml) override { return xml && xml->setToChild(); }
	bool SetToChildByTagName(FXml* xml, const TCHAR* szTagName) override
	{
		return xml && xml->setToChildByTagName(szTagName);
	}
	bool SetToParent(FXml* xml) override { return xml && xml->setToParent(); }

	bool AddChildNode(FXml* xml, TCHAR* /*pszNewNode*/) override { return xml && xml->unsupported("AddChildNode"); }
	bool AddSiblingNodeBefore(FXml* xml, TCHAR* /*pszNewNode*/) override
	{
		return xml && xml->unsupported("AddSiblingNodeBefore");
	}
	bool AddSiblingNodeAfter(FXml* xml, TCHAR* /*pszNewNode*/) override
	{
		return xml && xml->unsupported("AddSiblingNodeAfter");
	}
	bool WriteXml(FXml* xml, TCHAR* /*pszXmlFile*/) override { return xml && xml->unsupported("WriteXml"); }
	bool SetInsertedNodeAttribute(FXml* xml, TCHAR* /*pszAttributeName*/, TCHAR* /*pszAttributeValue*/) override
	{
		return xml && xml->unsupported("SetInsertedNodeAttribute");
	}

	int GetLastNodeTextSize(FXml* xml) override { return xml ? xml->textSize() : 0; }
	bool GetLastNodeText(FXml* xml, TCHAR* pszText) override { return xml && xml->text(pszText); }
	bool GetLastNodeValue(FXml* xml, std::string& pszText) override { return xml && xml->text(pszText); }
	bool GetLastNodeValue(FXml* xml, std::wstring& pszText) override { return xml && xml->text(pszText); }
	bool GetLastNodeValue(FXml* xml, char* pszText) override { return xml && xml->text(pszText); }
	bool GetLastNodeValue(FXml* xml, wchar* pszText) override { return xml && xml->text(pszText); }
	bool GetLastNodeValue(FXml* xml, bool* pbVal) override { return xml && xml->value(pbVal); }
	bool GetLastNodeValue(FXml* xml, int* piVal) override { return xml && xml->value(piVal); }
	bool GetLastNodeValue(FXml* xml, float* pfVal) override { return xml && xml->value(pfVal); }
	bool GetLastNodeValue(FXml* xml, unsigned int* puiVal) override { return xml && xml->value(puiVal); }

	int GetInsertedNodeTextSize(FXml* xml) override
	{
		if (xml)
		{
			xml->unsupported("GetInsertedNodeTextSize");
		}
		return 0;
	}
	bool GetInsertedNodeText(FXml* xml, TCHAR* /*pszText*/) override
	{
		return xml && xml->unsupported("GetInsertedNodeText");
	}
	bool SetInsertedNodeText(FXml* xml, TCHAR* /*pszText*/) override
	{
		return xml && xml->unsupported("SetInsertedNodeText");
	}
	bool GetLastLocatedNodeType(FXml* xml, TCHAR* pszType) override { return xml && xml->nodeType(pszType); }
	bool GetLastInsertedNodeType(FXml* xml, TCHAR* /*pszType*/) override
	{
		return xml && xml->unsupported("GetLastInsertedNodeType");
	}
	bool IsLastLocatedNodeCommentNode(FXml* xml) override { return xml && xml->isComment(); }
	int NumOfElementsByTagName(FXml* xml, TCHAR* pszTagName) override
	{
		return xml ? xml->numElementsByTagName(pszTagName) : 0;
	}
	int NumOfChildrenByTagName(FXml* xml, const TCHAR* pszTagName) override
	{
		return xml ? xml->numChildrenByTagName(pszTagName) : 0;
	}
	int GetNumSiblings(FXml* xml) override { return xml ? xml->numSiblings() : 0; }
	int GetNumChildren(FXml* xml) override { return xml ? xml->numChildren() : 0; }
	bool GetLastLocatedNodeTagName(FXml* xml, TCHAR* pszTagName) override { return xml && xml->tagName(pszTagName); }
	bool IsAllowXMLCaching() override { return false; }
	void MapChildren(FXml* /*xml*/) override {}

private:
	CvHostXmlResolver m_kResolve;
	CvHostXmlErrorSink m_kReport;
	CvHostXmlSchemaCache m_kSchemas;
	std::vector<std::string> m_aLoaded;
};

#endif
