# The tests' costs (tests/CMakeLists.txt's table CVVISION_TEST_COSTS: NAME SECONDS ...), given to
# the tests by the folders that add them, and checked once every folder is added: a name of the
# table that no folder's test took (a test renamed or removed) stops the configuration, naming it.
# CTest tree.test_costs (test_costs.cmake) configures small projects with these functions.

# Called last in each folder's CMakeLists.txt (a test's properties are its folder's, CMake 3.25):
# gives the folder's own tests their costs, and records the names it took.
function(cvvision_test_costs)
  set(costs ${CVVISION_TEST_COSTS})
  while(costs)
    list(POP_FRONT costs name cost)
    if(TEST ${name})
      set_tests_properties(${name} PROPERTIES COST ${cost})
      set_property(GLOBAL APPEND PROPERTY CVVISION_TEST_COSTS_TAKEN ${name})
    endif()
  endwhile()
endfunction()

# The tests a folder adds only in some configurations, named where this one leaves them out
# (fuzz.* without CVVISION_FUZZ): their costs are not stale.
function(cvvision_tests_left_out)
  set_property(GLOBAL APPEND PROPERTY CVVISION_TEST_COSTS_TAKEN ${ARGN})
endfunction()

# After every folder: a FATAL_ERROR naming each entry of the table that no test took.
function(cvvision_check_test_costs)
  get_property(taken GLOBAL PROPERTY CVVISION_TEST_COSTS_TAKEN)
  set(costs ${CVVISION_TEST_COSTS})
  set(stale)
  while(costs)
    list(POP_FRONT costs name cost)
    if(NOT name IN_LIST taken)
      list(APPEND stale ${name})
    endif()
  endwhile()
  if(stale)
    list(JOIN stale ", " stale_text)
    message(FATAL_ERROR "tests/CMakeLists.txt: CVVISION_TEST_COSTS names tests that no folder adds: ${stale_text}"
      " (renamed or removed? remove the entry, or call cvvision_test_costs() at the end of the folder that adds it)")
  endif()
endfunction()
