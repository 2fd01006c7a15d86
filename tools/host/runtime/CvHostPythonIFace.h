// The executable's Python interface as the host gives it (gDLL->getPythonIFace()), without Python.
//
// The core builds a call's arguments with CyArgsList, whose add() makes Python values
// (PyInt_FromLong, PyString_FromString...; makePythonObject wraps a CyCity* or CyUnit* through
// boost::python), and hands them to MakeFunctionArgs, then to callFunction. The host makes those
// values itself (CvHostPython.cpp): plain objects with Python's header (a reference count and a
// type, so that the core's Py_INCREF and Py_DECREF work on them) that the host can read back. So
// callFunction sees the call's arguments, and CvHostPythonAnswers.cpp answers the calls whose
// answer in BTS's own Python changes play (docs/python-answers.md). Every other call is answered
// "not handled", as before, and the core falls back to its own default.
//
// isInitialized() stays false: the core then reports no event (CvDllPythonEvents::preEvent).
#pragma once

#include "CvHostStubs.generated.h"

#include <boost/python/type_id.hpp>

#include <map>
#include <string>
#include <vector>

// A value the core made for Python, as the host keeps it.
struct CvHostPyValue
{
	PyObject head; // Python's header: the core's Py_INCREF/Py_DECREF touch it
	enum Kind {
		INT,
		FLOAT,
		STRING,
		UNICODE_STRING,
		LIST,
		TUPLE,
		POINTER, // a C++ object wrapped by boost::python (makePythonObject): its address and type
	} kind;
	long i = 0;
	double f = 0.0;
	std::string s;
	std::wstring w;
	std::vector<PyObject*> items; // a list's or a tuple's, each holding a reference
	const volatile void* pointer = nullptr;
	boost::python::type_info type;

	CvHostPyValue(Kind k, boost::python::type_info t);
};

// The host's own value behind a PyObject*, or NULL (None, or an object not the host's).
CvHostPyValue* cvHostPyValue(PyObject* object);

// A call's arguments, as MakeFunctionArgs packed them.
class CvHostPyArgs
{
public:
	explicit CvHostPyArgs(void* args);
	int size() const { return m_tuple ? (int)m_tuple->items.size() : 0; }
	// The integer at i (a bool is one too): false when there is none.
	bool intAt(int i, long& value) const;
	// The C++ object of type T wrapped at i (makePythonObject(T*)), or NULL.
	template <class T>
	T* objectAt(int i) const
	{
		CvHostPyValue* v = valueAt(i);
		if (!v || v->kind != CvHostPyValue::POINTER || !(v->type == boost::python::type_id<T>())) return nullptr;
		return (T*)v->pointer;
	}

private:
	CvHostPyValue* valueAt(int i) const;
	CvHostPyValue* m_tuple;
};

// The answer to one call of a Python function with a result, or false: not handled, the result left
// as the core set it (CvHostPythonAnswers.cpp).
bool cvHostPythonAnswer(const char* module, const char* function, const CvHostPyArgs& args, long* result);

class CvHostPythonIFace : public CvHostStub_CvDLLPythonIFaceBase
{
public:
	PyObject* MakeFunctionArgs(void** args, int argc) override;
	bool callFunction(const char* moduleName, const char* fxnName, void* fxnArg = NULL) override;
	bool callFunction(const char* moduleName, const char* fxnName, void* fxnArg, long* result) override;

	// The calls made so far, with a result or without, by "module.function", and how many of them were
	// answered (those without a result never are: "not handled", the core's default).
	struct Count
	{
		int calls = 0;
		int answered = 0;
	};
	const std::map<std::string, Count>& calls() const { return m_calls; }

private:
	std::map<std::string, Count> m_calls;
};
