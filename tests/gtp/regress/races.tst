# seki's own GNU Go-style regression suite, part 2: races that whoever moves first wins, and a
# command it refuses (an expected failure: it cannot score whole boards).

# One shared liberty (A5), two outside liberties each (A7 B7, A3 B3): whoever moves first captures.
loadsgf ../gnugo-race.sgf
10 analyze_semeai A4 A6
#? [1 1 (A7|B7)]

11 analyze_semeai A6 A4
#? [1 1 (A3|B3)]

12 reg_genmove black
#? [A7|B7]

# A black chain with an eye (D4) and one shared liberty (C5) inside a white ring: Black captures.
boardsize 7
clear_board
play W B6
play W C6
play W D6
play W E6
play W F6
play W B5
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
play B D5
play B E5
play B C4
play B E4
play B C3
play B D3
play B E3
play B B7
play B C7
play B D7
play B E7
play B F7
play B A6
play B A5
play B A4
play B A3
play B A2
play B G6
play B G5
play B G4
play B G3
play B G2
play B B1
play B C1
play B D1
play B E1
play B F1
13 analyze_semeai D5 B6
#? [1 1 C5]

14 analyze_semeai B6 D5
#? [0 0 PASS]

# seki cannot score whole boards: final_score is an unknown command (an expected failure).
15 final_score
#? [((B|W)\+[0-9.]+|0)]*
