// <direct.h> for the host: Visual C++'s directory functions, POSIX's (RoM-AND's getcwd).
#ifndef CVHOST_DIRECT_H
#define CVHOST_DIRECT_H
#include <sys/stat.h>
#include <unistd.h>
#define _getcwd getcwd
#define _chdir chdir
#define _rmdir rmdir
#define _mkdir(path) mkdir((path), 0777)
#endif
