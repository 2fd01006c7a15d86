# tree.layer_build: the build stops a layer of tools/lib from using an upper one
# (docs/contributing.md#the-layering-rule). Run as
#   cmake -DCXX=compiler -DLAYERS_DIR=build/tools/lib/layers -DSOURCE_DIR=tools/lib -DWORK_DIR=dir -P layer_build.cmake
# LAYERS_DIR/LAYER.cmake is written by tools/lib/CMakeLists.txt: the layers LAYER may use, the include
# folders its files are compiled with (and the compiler's own ones), and the archives of it and of those layers.
# * includes: for every pair of layers, a file compiled as LAYER's files are that includes a header of
#   the other is preprocessed: it must succeed exactly when LAYER may use the other (or is it), and
#   model/ including "analysis/Explain.h" must fail saying the file is not found;
# * calls: a file of model/ that declares by hand and calls a function of analysis/ must fail to link
#   as the layer check objects link (-Wl,--no-undefined, the allowed layers' archives); a call into
#   support/ the same way must link.
cmake_minimum_required(VERSION 3.16)
set(LAYERS support model formats render scenario analysis)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

function(fail message)
  message(SEND_ERROR "${message}")
endfunction()

# The first header of a layer's folder, as its files include it ("model/MapView.h").
function(first_header layer out)
  file(GLOB headers RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/${layer}/*.h)
  list(SORT headers)
  list(GET headers 0 header)
  set(${out} ${header} PARENT_SCOPE)
endfunction()

# Runs the compiler with LAYER's include folders on a file holding TEXT; sets OUT_RC and OUT_ERR.
function(compile layer name text mode)
  include(${LAYERS_DIR}/${layer}.cmake)
  set(flags)
  foreach(dir ${include_dirs})
    if(NOT dir IN_LIST implicit_dirs) # as CMake leaves them out
      list(APPEND flags -I${dir})
    endif()
  endforeach()
  set(source ${WORK_DIR}/${layer}/${name}.cpp)
  file(WRITE ${source} "${text}")
  if(mode STREQUAL "preprocess")
    set(action -E -o ${WORK_DIR}/${layer}/${name}.ii)
  else()
    set(action -c -fPIC -o ${WORK_DIR}/${layer}/${name}.o)
  endif()
  execute_process(COMMAND ${CXX} -std=c++17 ${flags} ${action} ${source}
    RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_QUIET)
  set(OUT_RC ${rc} PARENT_SCOPE)
  set(OUT_ERR "${err}" PARENT_SCOPE)
endfunction()

# --- includes: the whole table ------------------------------------------------------------------
foreach(layer ${LAYERS})
  include(${LAYERS_DIR}/${layer}.cmake)
  foreach(other ${LAYERS})
    first_header(${other} header)
    compile(${layer} include_${other} "#include \"${header}\"\n" preprocess)
    list(FIND uses ${other} allowed)
    if(other STREQUAL layer OR allowed GREATER -1)
      if(NOT OUT_RC EQUAL 0)
        fail("${layer}/ may include ${header}, but it does not compile:\n${OUT_ERR}")
      endif()
    elseif(OUT_RC EQUAL 0)
      fail("${layer}/ may not include ${header}, but it compiles")
    endif()
  endforeach()
endforeach()

# --- the issue's own case: model/ includes analysis/Explain.h -------------------------------------
compile(model upward_include "#include \"model/PlotGrid.h\"\n#include \"analysis/Explain.h\"\n" preprocess)
if(OUT_RC EQUAL 0 OR NOT OUT_ERR MATCHES "analysis/Explain.h: No such file")
  fail("model/ including analysis/Explain.h should stop the build (file not found), got ${OUT_RC}:\n${OUT_ERR}")
endif()

# --- calls: a declaration written by hand --------------------------------------------------------
# Links OBJECT as a layer check object does; sets OUT_RC and OUT_ERR.
function(check_link layer object)
  include(${LAYERS_DIR}/${layer}.cmake)
  execute_process(COMMAND ${CXX} -shared -Wl,--no-undefined -o ${object}.so ${object} ${archives}
    RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_QUIET)
  set(OUT_RC ${rc} PARENT_SCOPE)
  set(OUT_ERR "${err}" PARENT_SCOPE)
endfunction()

compile(model upward_call "#include <string>
namespace cvv { struct SightExplanation; std::string explanationText(const SightExplanation& kExplanation); }
std::string modelText(const cvv::SightExplanation& kExplanation) { return cvv::explanationText(kExplanation); }
" object)
if(NOT OUT_RC EQUAL 0)
  fail("the upward call's file does not compile:\n${OUT_ERR}")
endif()
check_link(model ${WORK_DIR}/model/upward_call.o)
if(OUT_RC EQUAL 0 OR NOT OUT_ERR MATCHES "explanationText")
  fail("model/ calling analysis's explanationText should fail to link, got ${OUT_RC}:\n${OUT_ERR}")
endif()

compile(model downward_call "#include \"support/Json.h\"
std::string modelJson(const std::string& sText) { return cvv::jsonString(sText); }
" object)
if(NOT OUT_RC EQUAL 0)
  fail("the downward call's file does not compile:\n${OUT_ERR}")
endif()
check_link(model ${WORK_DIR}/model/downward_call.o)
if(NOT OUT_RC EQUAL 0)
  fail("model/ calling support's jsonString should link:\n${OUT_ERR}")
endif()
