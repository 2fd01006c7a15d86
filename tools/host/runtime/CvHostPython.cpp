// What the core links to of Python 2.4 and boost::python, which the host does not run. The core's
// Python calls go through gDLL->getPythonIFace(), whose stand-in answers "not handled"; these are
// the few symbols its wrappers (CyArgsList, the Cy* classes, RoM-AND's Python enums) name directly.
//
// Only boost::python's converter registry is reached, by static initialisers before main(): it
// answers a registration per type, with no converter. Python's None is a real object (its
// reference count is touched). Any other of these, reached, stops the host with the function's
// name: a path that builds Python values was taken, which loading XML and reading saves never do.
#include "CvGameCoreDLL.h"

#include <boost/python/converter/registry.hpp>
#include <boost/python/converter/registrations.hpp>
#include <boost/python/object.hpp>
#include <boost/python/object/enum_base.hpp>
#include <boost/python/tuple.hpp>

#include <stdio.h>
#include <stdlib.h>

#include <map>
#include <string>

namespace {

[[noreturn]] void notRun(const char* name)
{
	fprintf(stderr, "cvcore-host: the core called %s: Python is not run by the host\n", name);
	abort();
}

} // namespace

extern "C"
{
	PyObject _Py_NoneStruct = { 1, NULL };

	PyObject* PyFloat_FromDouble(double) { notRun("PyFloat_FromDouble"); }
	long PyInt_AsLong(PyObject*) { notRun("PyInt_AsLong"); }
	PyObject* PyInt_FromLong(long) { notRun("PyInt_FromLong"); }
	int PyObject_IsInstance(PyObject*, PyObject*) { notRun("PyObject_IsInstance"); }
	PyObject* PyList_New(int) { notRun("PyList_New"); }
	int PyList_SetItem(PyObject*, int, PyObject*) { notRun("PyList_SetItem"); }
	PyObject* PySequence_GetItem(PyObject*, int) { notRun("PySequence_GetItem"); }
	int PySequence_Size(PyObject*) { notRun("PySequence_Size"); }
	PyObject* PyString_FromString(const char*) { notRun("PyString_FromString"); }
	PyObject* PyString_FromStringAndSize(const char*, int) { notRun("PyString_FromStringAndSize"); }
	PyObject* PyTuple_New(int) { notRun("PyTuple_New"); }
	PyObject* PyUnicodeUCS4_FromWideChar(const wchar_t*, int) { notRun("PyUnicodeUCS4_FromWideChar"); }
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
arg_to_python_base::arg_to_python_base(void const volatile*, registration const&) : handle<>()
{
	notRun("boost::python::converter::detail::arg_to_python_base");
}
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
