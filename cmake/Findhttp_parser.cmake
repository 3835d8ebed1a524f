# Findhttp_parser: Node's HTTP/1.1 parser in C (Debian: libhttp-parser-dev).
#
# The Debian package ships a header and a library but neither a CMake
# package nor a pkg-config file, so this module looks for both itself.
# Set http_parser_ROOT to a prefix to search there first.
#
# Defines the IMPORTED target http_parser::http_parser and
#   http_parser_FOUND, http_parser_VERSION (from http_parser.h),
#   http_parser_INCLUDE_DIR, http_parser_LIBRARY (cache)

find_path(http_parser_INCLUDE_DIR NAMES http_parser.h
    DOC "Directory holding http_parser.h")
find_library(http_parser_LIBRARY NAMES http_parser
    DOC "The http_parser library")
mark_as_advanced(http_parser_INCLUDE_DIR http_parser_LIBRARY)

if(http_parser_INCLUDE_DIR AND EXISTS "${http_parser_INCLUDE_DIR}/http_parser.h")
    file(STRINGS "${http_parser_INCLUDE_DIR}/http_parser.h" _http_parser_version_lines
         REGEX "^#define HTTP_PARSER_VERSION_(MAJOR|MINOR|PATCH) +[0-9]+")
    set(_http_parser_parts "")
    foreach(_part MAJOR MINOR PATCH)
        string(REGEX REPLACE ".*#define HTTP_PARSER_VERSION_${_part} +([0-9]+).*" "\\1"
               _value "${_http_parser_version_lines}")
        list(APPEND _http_parser_parts "${_value}")
    endforeach()
    list(JOIN _http_parser_parts "." http_parser_VERSION)
    unset(_http_parser_version_lines)
    unset(_http_parser_parts)
    unset(_part)
    unset(_value)
endif()

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(http_parser
    REQUIRED_VARS http_parser_LIBRARY http_parser_INCLUDE_DIR
    VERSION_VAR http_parser_VERSION)

if(http_parser_FOUND AND NOT TARGET http_parser::http_parser)
    add_library(http_parser::http_parser UNKNOWN IMPORTED)
    set_target_properties(http_parser::http_parser PROPERTIES
        IMPORTED_LOCATION "${http_parser_LIBRARY}"
        INTERFACE_INCLUDE_DIRECTORIES "${http_parser_INCLUDE_DIR}")
endif()
