// What the core links to of Python 2.4 and boost::python, which the host does not run, and the
// host's Python interface (CvHostPythonIFace.h).
//
// The core's Python calls go through gDLL->getPythonIFace(). Their arguments are Python values the
// core makes with CyArgsList (PyInt_FromLong, PyFloat_FromDouble, the strings, lists of numbers) and
// makePythonObject (a C++ object wrapped by boost::python's converter, arg_to_python_base): the host
// makes each as a plain object with Python's header (CvHostPyValue), which it reads back to answer
// the call (CvHostPythonAnswers.cpp) and frees after it.
//
// boost::python's converter registry is reached by static initialisers before main(): it answers
// a registration per type, with no converter. Python's None is a real object (its reference count
// is touched). Any other of these, reached, stops the host with the function's name: a path that
// reads Python's values was taken, which the core's calls into Python never do.
#include "CvGameCoreDLL.h"
#include "CvHostPythonIFace.h"

#include <boost/python/converter/registry.hpp>
#include <boost/python/converter/registrations.hpp>
#include <boost/python/object.hpp>
#include <boost/python/object/enum_base.hpp>
#include <boost/python/tuple.hpp>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include <map>
#include <string>

namespace {

[[noreturn]] void notRun(const char* name)
{
	fprintf(stderr, "cvcore-host: the core called %s: Python is not run by the host\n", name);
	abort();
}

void deallocValue(PyObject* object);

// The type of every value the host makes: a name, and the deallocation Py_DECREF calls at 0.
PyTypeObject& hostType()
{
	static PyTypeObject type;
	if (!type.tp_dealloc)
	{
		type.tp_name = "cvcore-host value";
		type.tp_dealloc = &deallocValue;
	}
	return type;
}

// Lets go of one reference to a value (of the host's; None and others are left alone).
void release(PyObject* object)
{
	if (object && object->ob_type == &hostType())
	{
		if (--object->ob_refcnt == 0) deallocValue(object);
	}
}

void deallocValue(PyObject* object)
{
	CvHostPyValue* value = reinterpret_cast<CvHostPyValue*>(object);
	for (PyObject* item : value->items) release(item);
	delete value;
}

CvHostPyValue* newValue(CvHostPyValue::Kind kind)
{
	return new CvHostPyValue(kind, boost::python::type_info(typeid(void)));
}

PyObject* asObject(CvHostPyValue* value) { return reinterpret_cast<PyObject*>(value); }

} // namespace

CvHostPyValue::CvHostPyValue(Kind k, boost::python::type_info t) : kind(k), type(t)
{
	head.ob_refcnt = 1;
	head.ob_type = &hostType();
}

CvHostPyValue* cvHostPyValue(PyObject* object)
{
	return (object && object->ob_type == &hostType()) ? reinterpret_cast<CvHostPyValue*>(object) : nullptr;
}

CvHostPyArgs::CvHostPyArgs(void* args) : m_tuple(cvHostPyValue((PyObject*)args))
{
	if (m_tuple && m_tuple->kind != CvHostPyValue::TUPLE) m_tuple = nullptr;
}

CvHostPyValue* CvHostPyArgs::valueAt(int i) const
{
	return (i >= 0 && i < size()) ? cvHostPyValue(m_tuple->items[i]) : nullptr;
}

bool CvHostPyArgs::intAt(int i, long& value) const
{
	CvHostPyValue* v = valueAt(i);
	if (!v || v->kind != CvHostPyValue::INT) return false;
	value = v->i;
	return true;
}

// The tuple the call's arguments make; it takes the references CyArgsList::add made, as Python's
// PyTuple_SetItem does.
PyObject* CvHostPythonIFace::MakeFunctionArgs(void** args, int argc)
{
	CvHostPyValue* tuple = newValue(CvHostPyValue::TUPLE);
	for (int i = 0; i < argc; ++i) tuple->items.push_back((PyObject*)args[i]);
	return asObject(tuple);
}

bool CvHostPythonIFace::callFunction(const char* moduleName, const char* fxnName, void* fxnArg)
{
	CVHOST_STUB_CALL("CvDLLPythonIFaceBase::callFunction(const char* moduleName, const char* fxnName, void* fxnArg)");
	++m_calls[std::string(moduleName ? moduleName : "") + "." + (fxnName ? fxnName : "")].calls;
	release((PyObject*)fxnArg);
	return false;
}

bool CvHostPythonIFace::callFunction(const char* moduleName, const char* fxnName, void* fxnArg, long* result)
{
	CVHOST_STUB_CALL(
		"CvDLLPythonIFaceBase::callFunction(const char* moduleName, const char* fxnName, void* fxnArg, long* result)");
	Count& count = m_calls[std::string(moduleName ? moduleName : "") + "." + (fxnName ? fxnName : "")];
	++count.calls;
	bool answered = moduleName && fxnName && cvHostPythonAnswer(moduleName, fxnName, CvHostPyArgs(fxnArg), result);
	if (answered) ++count.answered;
	release((PyObject*)fxnArg);
	return answered;
}

extern "C"
{
	PyObject _Py_NoneStruct = { 1, NULL };

	PyObject* PyFloat_FromDouble(double f)
	{
		CvHostPyValue* v = newValue(CvHostPyValue::FLOAT);
		v->f = f;
		return asObject(v);
	}
	long PyInt_AsLong(PyObject*) { notRun("PyInt_AsLong"); }
	PyObject* PyInt_FromLong(long i)
	{
		CvHostPyValue* v = newValue(CvHostPyValue::INT);
		v->i = i;
		return asObject(v);
	}
	int PyObject_IsInstance(PyObject*, PyObject*) { notRun("PyObject_IsInstance"); }
	PyObject* PyList_New(int size)
	{
		CvHostPyValue* v = newValue(CvHostPyValue::LIST);
		v->items.assign(size > 0 ? size : 0, nullptr);
		return asObject(v);
	}
	int PyList_SetItem(PyObject* list, int index, PyObject* item)
	{
		CvHostPyValue* v = cvHostPyValue(list);
		if (!v || index < 0 || index >= (int)v->items.size())
		{
			release(item);
			return -1;
		}
		release(v->items[index]);
		v->items[index] = item; // the list takes the reference
		return 0;
	}
	PyObject* PySequence_GetItem(PyObject*, int) { notRun("PySequence_GetItem"); }
	int PySequence_Size(PyObject*) { notRun("PySequence_Size"); }
	PyObject* PyString_FromString(const char* s)
	{
		CvHostPyValue* v = newValue(CvHostPyValue::STRING);
		v->s = s ? s : "";
		return asObject(v);
	}
	PyObject* PyString_FromStringAndSize(const char* s, int size)
	{
		CvHostPyValue* v = newValue(CvHostPyValue::STRING);
		if (s && size > 0) v->s.assign(s, size);
		return asObject(v);
	}
	PyObject* PyTuple_New(int) { notRun("PyTuple_New"); }
	PyObject* PyUnicodeUCS4_FromWideChar(const wchar_t* w, int size)
	{
		CvHostPyValue* v = newValue(CvHostPyValue::UNICODE_STRING);
		if (w && size > 0) v->w.assign(w, size);
		return asObject(v);
	}
}

namespace boost {
namespace python {

void throw_error_already_set() { notRun("boost::python::throw_error_already_set"); }

namespace converter {
namespace registry {

registration const& lookup(type_info type)
{
	static std::map<std::string, registration*>* registrations = new std::map<std::string, registration*>();
	registration*& found = (*registrations)[type.name()];
	if (!found) found = new registration(type);
	return *found;
}

} // namespace registry

namespace detail {
// A C++ object the core hands to Python (makePythonObject: a CyCity*, a CyUnit*...): its address
// and its type, which the answers read back (CvHostPyArgs::objectAt).
static PyObject* wrapped(void const volatile* source, registration const& converters)
{
	CvHostPyValue* v = new CvHostPyValue(CvHostPyValue::POINTER, converters.target_type);
	v->pointer = source;
	return reinterpret_cast<PyObject*>(v);
}
arg_to_python_base::arg_to_python_base(void const volatile* source, registration const& converters)
	: handle<>(wrapped(source, converters))
{}
} // namespace detail
} // namespace converter

namespace detail {
tuple_base::tuple_base() : object(detail::new_reference(NULL)) { notRun("boost::python::detail::tuple_base"); }
} // namespace detail

// The Python enums that RoM-AND's core files export (CvUnitSort.cpp's python::enum_<UnitSortTypes>).
namespace objects {
enum_base::enum_base(char const*, converter::to_python_function_t, converter::convertible_function,
	converter::constructor_function, type_info)
	: object(python::detail::new_reference(NULL))
{
	notRun("boost::python::objects::enum_base");
}
void enum_base::add_value(char const*, long) { notRun("boost::python::objects::enum_base::add_value"); }
void enum_base::export_values() { notRun("boost::python::objects::enum_base::export_values"); }
PyObject* enum_base::to_python(PyTypeObject*, long) { notRun("boost::python::objects::enum_base::to_python"); }
} // namespace objects

namespace api {
object& operator+=(object& left, object const&)
{
	notRun("boost::python::api::operator+=");
	return left;
}
} // namespace api

} // namespace python
} // namespace boost
