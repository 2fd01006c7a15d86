# tree.test_costs: the cost table's check (TestCosts.cmake) on small projects configured here. Run as
#   cmake -DMODULE=tests/tree/TestCosts.cmake -DWORK_DIR=dir [-DGENERATOR=Ninja] -P test_costs.cmake
# * every name of the table is a test of a folder: the configuration passes and the tests have their costs;
# * a name no folder adds (a removed test): the configuration fails, naming it (and only it);
# * a name its folder leaves out in this configuration (cvvision_tests_left_out): it passes.
cmake_minimum_required(VERSION 3.16)
file(REMOVE_RECURSE ${WORK_DIR})
set(failed FALSE)

# configure NAME TABLE LEFT_OUT: a project whose folder a/ adds a.one and a.two, b/ adds b.three and
# leaves out LEFT_OUT; its table is TABLE. Sets RC and ERR.
function(configure name table left_out)
  set(src ${WORK_DIR}/${name})
  file(WRITE ${src}/CMakeLists.txt "cmake_minimum_required(VERSION 3.16)
project(costs NONE)
enable_testing()
include(${MODULE})
set(CVVISION_TEST_COSTS ${table})
add_subdirectory(a)
add_subdirectory(b)
cvvision_check_test_costs()
")
  file(WRITE ${src}/a/CMakeLists.txt "add_test(NAME a.one COMMAND true)
add_test(NAME a.two COMMAND true)
cvvision_test_costs()
get_test_property(a.one COST cost)
message(STATUS \"a.one costs \${cost}\")
")
  file(WRITE ${src}/b/CMakeLists.txt "add_test(NAME b.three COMMAND true)
cvvision_tests_left_out(${left_out})
cvvision_test_costs()
")
  set(generator)
  if(GENERATOR)
    set(generator -G ${GENERATOR})
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} ${generator} -S ${src} -B ${src}/build
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(RC ${rc} PARENT_SCOPE)
  set(OUT "${out}" PARENT_SCOPE)
  string(REGEX REPLACE "[ \n]+" " " err "${err}") # CMake wraps its messages
  set(ERR "${err}" PARENT_SCOPE)
endfunction()

function(fail message)
  message(SEND_ERROR "${message}")
endfunction()

configure(every_name_taken "a.one 5 a.two 7 b.three 2" "")
if(NOT RC EQUAL 0)
  fail("a table of existing tests: the configuration failed:\n${ERR}")
elseif(NOT OUT MATCHES "a.one costs 5")
  fail("a.one did not get its cost:\n${OUT}")
endif()

configure(a_stale_name "a.one 5 a.gone 9 b.three 2" "")
if(RC EQUAL 0)
  fail("a table naming a.gone, which no folder adds: the configuration passed")
elseif(NOT ERR MATCHES "CVVISION_TEST_COSTS names tests that no folder adds: a.gone \\(")
  fail("a.gone is not named as the stale entry:\n${ERR}")
endif()

configure(a_name_left_out "a.one 5 b.four 3" "b.four")
if(NOT RC EQUAL 0)
  fail("a name its folder leaves out here: the configuration failed:\n${ERR}")
endif()
