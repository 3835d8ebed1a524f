# The tests that take longest (seconds under `ctest -j4` on the 2-core
# machine, measured 2026-11-28). CTest starts the costliest tests first only
# when it knows their cost; a fresh clone has no record of earlier runs, so
# without these it would start them in the order they are declared and a
# long one declared late would finish alone at the end of the run.
set(TOWNHALL_TEST_COSTS
    tst_playmatch=200 tst_storagefaults=155 tst_pilotfaults=121 tst_tournamentcli=110
    e2e_overlays=91 tst_invariants=74 e2e_tournament=71 tst_crash=61 tst_cli=61
    tst_sharedlivetournaments=58 tst_pilot=55 e2e_model_seats=45 tst_pilothostile=40
    tst_pushseat=39 tst_guihost=34 tst_spectatorfeed=32)

# townhall_test_cost(NAME): gives a test its cost from TOWNHALL_TEST_COSTS, if listed.
function(townhall_test_cost name)
    foreach(entry IN LISTS TOWNHALL_TEST_COSTS)
        if(entry MATCHES "^${name}=([0-9]+)$")
            set_tests_properties(${name} PROPERTIES COST ${CMAKE_MATCH_1})
        endif()
    endforeach()
endfunction()

# townhall_add_test(NAME tst_foo SOURCES tst_foo.cpp LIBS townhall_engine [LABELS ...] [TIMEOUT s] [ENV k=v ...])
#
# Builds one Qt Test executable and registers it with CTest. Widget tests get
# the offscreen platform so they run on machines without a display.
function(townhall_add_test)
    cmake_parse_arguments(T "POSTGRES" "NAME;TIMEOUT" "SOURCES;LIBS;LABELS;ENV" ${ARGN})
    add_executable(${T_NAME} ${T_SOURCES})
    target_link_libraries(${T_NAME} PRIVATE townhall_settings Qt6::Test ${T_LIBS})
    if(T_POSTGRES)
        # A PostgreSQL server of the test's own, started and stopped around it.
        add_test(NAME ${T_NAME} COMMAND ${PROJECT_SOURCE_DIR}/tests/pg/with-postgres.sh $<TARGET_FILE:${T_NAME}>)
    else()
        add_test(NAME ${T_NAME} COMMAND ${T_NAME})
    endif()
    if(NOT T_TIMEOUT)
        set(T_TIMEOUT 300)
    endif()
    set_tests_properties(${T_NAME} PROPERTIES
        TIMEOUT ${T_TIMEOUT}
        LABELS "${T_LABELS}"
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen;QT_QUICK_BACKEND=software;${T_ENV}")
    townhall_test_cost(${T_NAME})
endfunction()
