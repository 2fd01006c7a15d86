// <boost/utility/addressof.hpp> for the host, in place of Boost 1.32's: boost::addressof is the C++
// library's std::addressof. Boost 1.32's own, a second function of the same form, makes its
// unqualified calls ambiguous once argument-dependent lookup also finds std::addressof (a
// boost::function of a boost::bind over std types, as RoM-AND's threads take); one function
// under both names is no ambiguity, and takes an object's address as Boost's did.
#ifndef BOOST_UTILITY_ADDRESSOF_HPP
#define BOOST_UTILITY_ADDRESSOF_HPP

#include <memory>

namespace boost {
using std::addressof;
}

#endif
