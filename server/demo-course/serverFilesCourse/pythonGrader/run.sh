#!/bin/sh
# Entry point of the course's Python grader. PrairieLearn mounts the question's tests/ in
# /grade/tests, the student's files in /grade/student and the files listed in
# "serverFilesCourse" in /grade/serverFilesCourse; the score goes to /grade/results/results.json.
mkdir -p /grade/results
exec python3 /grade/serverFilesCourse/pythonGrader/grade.py
