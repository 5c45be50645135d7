import sys

from pythongrader.runner import main

sys.exit(main(sys.argv[1:]))
