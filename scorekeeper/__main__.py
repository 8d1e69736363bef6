from scorekeeper.cli import main

main(prog_name="python -m scorekeeper")
