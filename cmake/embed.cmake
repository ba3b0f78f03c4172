# embed.cmake - turn a data file into a C source holding its text, so the
# `ecw` binary runs from any directory. Run with -DIN=... -DOUT=... -DNAME=...
file(READ "${IN}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
file(WRITE "${OUT}" "/* generated from ${IN}; do not edit */\n"
     "const char ${NAME}[] = {${bytes} 0x00};\n")
