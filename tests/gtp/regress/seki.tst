# seki's own GNU Go-style regression suite, part 1: the classic seki (python3 -m seki.regress
# tests/gtp/regress; CTest gtp_regress checks its counts). The form is GNU Go's (docs/go/gtp.md):
# a numbered command is a test, "#? [REGEX]" its answer, "!" negates, "*" marks an expected failure.

# A white ring around a black chain on 7x7; they share two liberties, C4 and D4.
boardsize 7
clear_board
play W B5
play W C5
play W D5
play W E5
play W F5
play W B4
play W F4
play W B3
play W F3
play W B2
play W C2
play W D2
play W E2
play W F2
play B E4
play B C3
play B D3
play B E3
play B B6
play B C6
play B D6
play B E6
play B F6
play B A5
play B A4
play B A3
play B A2
play B G5
play B G4
play B G3
play B G2
play B B1
play B C1
play B D1
play B E1
play B F1

1 analyze_semeai E4 B5
#? [1 0 PASS]

2 analyze_semeai B5 E4
#? [1 0 PASS]

# Neither side fills a shared liberty: whoever does loses its group.
3 reg_genmove white
#? [!(C4|D4)]

4 reg_genmove black
#? [pass|PASS]

5 final_status_list seki
#? [B5 C5 D5 E5 F5 B4 F4 B3 F3 B2 C2 D2 E2 F2\nE4 C3 D3 E3]

# Black fills C4 (a mistake): now White captures at D4, whoever moves first.
play B C4
6 analyze_semeai B5 E4
#? [1 1 D4]
