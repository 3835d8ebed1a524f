# One INTERFACE target carries every project-wide compile setting, so each
# library and test links it instead of repeating flags.
add_library(townhall_settings INTERFACE)
add_library(TownHall::settings ALIAS townhall_settings)

target_compile_features(townhall_settings INTERFACE cxx_std_20)
set(CMAKE_CXX_EXTENSIONS OFF)

target_compile_options(townhall_settings INTERFACE
    $<$<CXX_COMPILER_ID:GNU,Clang>:-Wall -Wextra -Wpedantic>
    $<$<AND:$<CXX_COMPILER_ID:GNU,Clang>,$<BOOL:${TOWNHALL_WERROR}>>:-Werror>)

# Debug information stays in every build type that has it (backtraces from a
# user's crash need it), compressed: uncompressed, the statically linked
# executables of a RelWithDebInfo tree take gigabytes of disk, enough to fill
# a CI machine's disk mid-link. -gz does nothing where there is no -g.
target_compile_options(townhall_settings INTERFACE $<$<CXX_COMPILER_ID:GNU,Clang>:-gz>)
target_link_options(townhall_settings INTERFACE $<$<CXX_COMPILER_ID:GNU,Clang>:-gz>)

# A RelWithDebInfo build keeps line tables only (-g1): a backtrace still names
# every function, file and line, and a translation unit compiles about a third
# faster than with full debug information (-g: 16.6 s against 11.1 s for
# tests/engine/tst_payloads.cpp on an idle 2-core machine), links faster and
# takes less disk. For a debugger's variables, configure with
# -DTOWNHALL_FULL_DEBUG_INFO=ON.
option(TOWNHALL_FULL_DEBUG_INFO "Full debug information (-g) in RelWithDebInfo builds" OFF)
if(NOT TOWNHALL_FULL_DEBUG_INFO)
    target_compile_options(townhall_settings INTERFACE
        $<$<AND:$<CONFIG:RelWithDebInfo>,$<CXX_COMPILER_ID:GNU,Clang>>:-g1>)
endif()

target_compile_definitions(townhall_settings INTERFACE
    QT_NO_CAST_FROM_ASCII
    QT_NO_CONTEXTLESS_CONNECT
    QT_USE_QSTRINGBUILDER
    QT_NO_KEYWORDS)
