// <tchar.h> for the host: the narrow ("ANSI") mapping the game core DLLs are built with.
#ifndef CVHOST_TCHAR_H
#define CVHOST_TCHAR_H
#include <string.h>
#include <strings.h>
#include <stdio.h>
#include <wchar.h>
#ifndef _TCHAR_DEFINED
#define _TCHAR_DEFINED
typedef char _TCHAR;
#endif
#define _T(s) s
#define _TEXT(s) s
#define _tcscmp strcmp
#define _tcsicmp strcasecmp
#define _tcslen strlen
#define _tcscpy strcpy
#define _tcsncpy strncpy
#define _tcscat strcat
#define _tcschr strchr
#define _tcsrchr strrchr
#define _tcsstr strstr
#define _stprintf sprintf
#define _tprintf printf
#define _sntprintf snprintf
#define _ttoi atoi
#endif
