# cmake -DROOT=<source dir> -DLAYERS=job,plan,... -DSTAMP=<file> -P CheckCoreIncludes.cmake
#
# Fails when a file under ui/, app/ or desktop/ includes a private header of core/: one in a layer
# folder (core/job, core/plan, ...). Those folders are PRIVATE include directories of
# sluice_core, so such an include usually fails to compile anyway; this says why, at once,
# and also catches the spellings that would compile ("../core/engine/stream.h", or a folder
# added to an include path by hand). Any spelling counts whose last components name a
# private header: "stream.h", "engine/stream.h", "core/engine/stream.h".
# Run by the target sluice_check_core_includes (top-level CMakeLists.txt), part of ALL.

cmake_minimum_required(VERSION 3.25)
foreach(variable ROOT LAYERS STAMP)
    if(NOT DEFINED ${variable})
        message(FATAL_ERROR "CheckCoreIncludes.cmake: ${variable} is not set")
    endif()
endforeach()

string(REPLACE "," ";" LAYERS "${LAYERS}")
set(private_headers) # "core/engine/stream.h", relative to ROOT
foreach(layer IN LISTS LAYERS)
    file(GLOB headers RELATIVE ${ROOT} ${ROOT}/core/${layer}/*.h)
    list(APPEND private_headers ${headers})
endforeach()
if(NOT private_headers)
    message(FATAL_ERROR "CheckCoreIncludes.cmake: no private headers found in core/{${LAYERS}}")
endif()

file(GLOB_RECURSE sources RELATIVE ${ROOT}
    ${ROOT}/ui/*.h ${ROOT}/ui/*.cpp ${ROOT}/app/*.h ${ROOT}/app/*.cpp
    ${ROOT}/desktop/*.h ${ROOT}/desktop/*.cpp)
set(violations 0)
foreach(source IN LISTS sources)
    file(STRINGS ${ROOT}/${source} lines REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"]")
    foreach(line IN LISTS lines)
        string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*[<\"]([^>\"]+)[>\"].*$" "\\1"
            included "${line}")
        set(written "${included}")
        string(REGEX REPLACE "^(\\.\\.?/)+" "" included "${included}")
        string(LENGTH "/${included}" suffix_length)
        foreach(header IN LISTS private_headers)
            string(LENGTH "${header}" header_length)
            set(tail "")
            if(header_length GREATER suffix_length)
                math(EXPR start "${header_length} - ${suffix_length}")
                string(SUBSTRING "${header}" ${start} -1 tail)
            endif()
            if(header STREQUAL included OR tail STREQUAL "/${included}")
                message(NOTICE "${source}: error: includes \"${written}\", a private header "
                    "of core (${header})")
                math(EXPR violations "${violations} + 1")
            endif()
        endforeach()
    endforeach()
endforeach()
list(LENGTH sources checked)
if(violations GREATER 0)
    message(FATAL_ERROR "${violations} include(s) of core's private headers in ui/ or app/. "
        "They may use only core's public API, the headers at the root of core/ (see "
        "core/CMakeLists.txt).")
endif()
file(WRITE ${STAMP} "${checked} files checked\n")
