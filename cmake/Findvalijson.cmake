# Findvalijson: the header-only JSON Schema validator (Debian: libvalijson-dev).
#
# Debian 12's libvalijson-dev depends on Qt 5 development packages, so
# scripts/bootstrap.sh does not install it: it unpacks the package into
# .deps/valijson/ of the source tree instead. This module looks in the usual
# places first (an installed libvalijson-dev, CMAKE_PREFIX_PATH, or
# valijson_ROOT, a prefix holding include/valijson/), then in that .deps
# prefix, which is the cache variable TOWNHALL_VALIJSON_PREFIX.
#
# Defines the IMPORTED INTERFACE target valijson::valijson and
#   valijson_FOUND, valijson_INCLUDE_DIR (cache)

set(TOWNHALL_VALIJSON_PREFIX "${PROJECT_SOURCE_DIR}/.deps/valijson/usr" CACHE PATH
    "Prefix of the libvalijson-dev package that scripts/bootstrap.sh unpacks, searched after the system")

find_path(valijson_INCLUDE_DIR NAMES valijson/validator.hpp
    PATHS "${TOWNHALL_VALIJSON_PREFIX}/include"
    DOC "Directory holding valijson/validator.hpp")
mark_as_advanced(valijson_INCLUDE_DIR)

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(valijson
    REQUIRED_VARS valijson_INCLUDE_DIR
    REASON_FAILURE_MESSAGE "run scripts/bootstrap.sh, install libvalijson-dev, or set valijson_ROOT")

if(valijson_FOUND AND NOT TARGET valijson::valijson)
    add_library(valijson::valijson INTERFACE IMPORTED)
    # A system include directory for every consumer, so that warnings in
    # valijson's headers never count against -Werror (also where a consumer
    # sets NO_SYSTEM_FROM_IMPORTED). Exceptions on, as the package's own
    # CMake file has it: each user then compiles the same templates.
    set_target_properties(valijson::valijson PROPERTIES
        INTERFACE_INCLUDE_DIRECTORIES "${valijson_INCLUDE_DIR}"
        INTERFACE_SYSTEM_INCLUDE_DIRECTORIES "${valijson_INCLUDE_DIR}"
        INTERFACE_COMPILE_DEFINITIONS "VALIJSON_USE_EXCEPTIONS=1")
endif()
