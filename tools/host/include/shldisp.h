// <shldisp.h> for the host: the Windows shell's COM objects as PB Mod's Unzip2Folder uses them
// (BSTR, VARIANT, IShellDispatch, Folder, FolderItems). No COM server runs on Linux: the shell's
// object is never created (CoCreateInstance answers REGDB_E_CLASSNOTREG), so the code that would
// drive it takes its "creation failed" branch. In tools/host/runtime/CvHostWindows.cpp.
#ifndef CVHOST_SHLDISP_H
#define CVHOST_SHLDISP_H

#include <windows.h>

typedef wchar_t OLECHAR;
typedef OLECHAR* BSTR;
typedef unsigned short VARTYPE;
typedef short VARIANT_BOOL;

typedef struct _GUID {
	unsigned long Data1;
	unsigned short Data2;
	unsigned short Data3;
	unsigned char Data4[8];
} GUID;
typedef GUID IID;
typedef GUID CLSID;
#ifdef __cplusplus
#define REFIID const IID&
#define REFCLSID const CLSID&
#else
#define REFIID const IID*
#define REFCLSID const CLSID*
#endif

enum { VT_EMPTY = 0, VT_I4 = 3, VT_BSTR = 8, VT_DISPATCH = 9, VT_BOOL = 11 };
enum { CLSCTX_INPROC_SERVER = 0x1, CLSCTX_LOCAL_SERVER = 0x4 };
#define REGDB_E_CLASSNOTREG ((HRESULT)0x80040154L)
#define E_NOTIMPL ((HRESULT)0x80004001L)
#define S_FALSE ((HRESULT)1)

#ifdef __cplusplus
struct IUnknown {
	virtual HRESULT QueryInterface(REFIID riid, void** object) = 0;
	virtual ULONG AddRef() = 0;
	virtual ULONG Release() = 0;
};
struct IDispatch : public IUnknown {};

typedef struct tagVARIANT {
	VARTYPE vt;
	WORD wReserved1, wReserved2, wReserved3;
	union {
		LONG lVal;
		VARIANT_BOOL boolVal;
		BSTR bstrVal;
		IDispatch* pdispVal;
		LONGLONG llVal;
	};
} VARIANT;

struct FolderItem : public IDispatch {};
struct FolderItems : public IDispatch {
	virtual HRESULT get_Count(long* count) = 0;
	virtual HRESULT Item(VARIANT index, FolderItem** item) = 0;
};
struct Folder : public IDispatch {
	virtual HRESULT Items(FolderItems** items) = 0;
	virtual HRESULT CopyHere(VARIANT item, VARIANT options) = 0;
	virtual HRESULT MoveHere(VARIANT item, VARIANT options) = 0;
};
struct IShellDispatch : public IDispatch {
	virtual HRESULT NameSpace(VARIANT folder, Folder** result) = 0;
};

static const IID IID_IDispatch = {0x00020400, 0, 0, {0xC0, 0, 0, 0, 0, 0, 0, 0x46}};
static const IID IID_IShellDispatch = {0xD8F015C0, 0xC278, 0x11CE, {0xA4, 0x9E, 0x44, 0x45, 0x53, 0x54, 0, 0}};
static const CLSID CLSID_Shell = {0x13709620, 0xC279, 0x11CE, {0xA4, 0x9E, 0x44, 0x45, 0x53, 0x54, 0, 0}};

extern "C" {
#endif
HRESULT CoInitialize(void* reserved);
void CoUninitialize(void);
HRESULT CoCreateInstance(REFCLSID clsid, void* outer, DWORD context, REFIID iid, void** object);
BSTR SysAllocString(const OLECHAR* s);
void SysFreeString(BSTR s);
#ifdef __cplusplus
}
#endif

#endif
