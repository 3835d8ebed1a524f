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
endfunction()
