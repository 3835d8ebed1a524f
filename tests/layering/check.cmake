# Checks that no library includes a header across a forbidden edge.
#   cmake -DROOT=<source dir> -P check.cmake
# Dependencies point down: app → ui, host, mcp, engine; host → host/seats,
# mcp, engine; host/seats → the host's commit pipeline, storage health and
# recovery (the parts it stages through), providers, mcp, engine;
# host/players (the players' pages) → the human seats' hub alone;
# ui → engine (ui/play, the player panel, likewise but without the
# recorder's records); every folder → base (header-only vocabulary that includes no
# other folder). Each folder may include its own headers and those listed for
# it; a quoted include with "..", or of a folder not listed, is a violation.
# The one exception is ui's view of the recorder's value type: the inspector
# shows the records the host's recorder makes.

set(_folders app ui/play ui host/store host/recorder host/providers host/seats host/players host mcp tournament engine base)  # most specific first
set(_allow_base "base/")
set(_allow_engine "engine/;base/")
set(_allow_tournament "tournament/;engine/;base/")
set(_allow_mcp "mcp/;base/")
set(_allow_host/store "host/store/;engine/;mcp/jsonwrite.h;base/")
set(_allow_host/recorder "host/recorder/;host/store/;mcp/;engine/;base/")
set(_allow_host/providers "host/providers/;base/")
set(_allow_host/seats "host/seats/;host/providers/;host/store/;host/commitpipeline.h;host/storagehealth.h;host/recovery.h;mcp/;engine/;base/")
set(_allow_host/players "host/players/;host/seats/humanseats.h;base/")
set(_allow_host "host/;mcp/;tournament/;engine/;base/")
# ui/play (the player panel) sees only what a player may: no recorder records.
set(_allow_ui/play "ui/;tournament/;engine/;base/")
set(_allow_ui "ui/;tournament/;engine/;host/recorder/toolcallrecord.h;base/")
set(_allow_app "app/;ui/;host/;mcp/;tournament/;engine/;base/")

if(NOT ROOT)
    message(FATAL_ERROR "ROOT is not set")
endif()
set(_violations 0)
set(_checked 0)
foreach(folder IN LISTS _folders)
    if(NOT IS_DIRECTORY "${ROOT}/${folder}")
        continue()
    endif()
    file(GLOB_RECURSE _files RELATIVE "${ROOT}" "${ROOT}/${folder}/*.h" "${ROOT}/${folder}/*.cpp")
    foreach(f IN LISTS _files)
        # A file belongs to the most specific folder that holds it.
        set(_owner "")
        foreach(candidate IN LISTS _folders)
            string(LENGTH "${candidate}/" _n)
            string(SUBSTRING "${f}" 0 ${_n} _head)
            if(_head STREQUAL "${candidate}/")
                set(_owner "${candidate}")
                break()
            endif()
        endforeach()
        if(NOT _owner STREQUAL folder)
            continue()
        endif()
        math(EXPR _checked "${_checked} + 1")
        file(STRINGS "${ROOT}/${f}" _includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
        foreach(line IN LISTS _includes)
            string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]*)\".*" "\\1" inc "${line}")
            if(inc MATCHES "\\.\\.")
                message(SEND_ERROR "${f}: includes \"${inc}\" (no relative paths out of a folder)")
                math(EXPR _violations "${_violations} + 1")
                continue()
            endif()
            if(NOT inc MATCHES "/")
                continue()  # a header of the same folder
            endif()
            if(inc MATCHES "^[a-z_]+\\.moc$" OR inc MATCHES "^moc_")
                continue()
            endif()
            set(_ok FALSE)
            foreach(prefix IN LISTS _allow_${folder})
                string(LENGTH "${prefix}" _n)
                string(SUBSTRING "${inc}" 0 ${_n} _head)
                if(_head STREQUAL prefix)
                    set(_ok TRUE)
                    break()
                endif()
            endforeach()
            if(NOT _ok)
                message(SEND_ERROR "${f}: includes \"${inc}\", but ${folder}/ may include only: ${_allow_${folder}}")
                math(EXPR _violations "${_violations} + 1")
            endif()
        endforeach()
    endforeach()
endforeach()
if(_checked EQUAL 0)
    message(FATAL_ERROR "no source files under ${ROOT}")
endif()
message(STATUS "layering: ${_checked} files, ${_violations} forbidden includes")
