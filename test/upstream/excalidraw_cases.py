"""The pl-excalidraw cases both test/upstream/record_excalidraw.py (PrairieLearn's controller) and
test/python/test_pl_excalidraw.py (ours) run: element tags, submissions and panels, and the files they read."""

import os

STARTER = '{"type": "excalidraw", "elements": [], "note": "<b>&amp;"}'
SUBMITTED = '{"type": "excalidraw", "elements": [{"type": "rectangle"}]}'


def write_files(folder):
    """The question's files in `folder`; returns the data["options"] that point at them."""
    for sub in ("", "clientFilesQuestion", "clientFilesCourse", "serverFilesCourse"):
        os.makedirs(os.path.join(folder, sub), exist_ok=True)
        with open(os.path.join(folder, sub, "starter.excalidraw"), "w", encoding="utf-8") as f:
            f.write(STARTER.replace("note", f"from {sub or 'question'}"))
    return {
        "question_path": folder,
        "client_files_question_path": os.path.join(folder, "clientFilesQuestion"),
        "client_files_course_path": os.path.join(folder, "clientFilesCourse"),
        "server_files_course_path": os.path.join(folder, "serverFilesCourse"),
    }


PREPARE_CASES = [
    '<pl-excalidraw answers-name="d"></pl-excalidraw>',
    "<pl-excalidraw></pl-excalidraw>",
    '<pl-excalidraw gradable="false" source-file-name="a"></pl-excalidraw>',
    '<pl-excalidraw gradable="false"></pl-excalidraw>',
    '<pl-excalidraw answers-name="d" width="900"></pl-excalidraw>',
    '<pl-excalidraw answers-name="d" height=" +9.5 "></pl-excalidraw>',
    '<pl-excalidraw answers-name="d" width="100%" height="900px"></pl-excalidraw>',
    '<pl-excalidraw answers-name="d" width=".5"></pl-excalidraw>',
    '<pl-excalidraw answers-name="d" directory="elsewhere"></pl-excalidraw>',
    '<pl-excalidraw answers-name="d" directory="serverFilesCourse"></pl-excalidraw>',
    '<pl-excalidraw answers-name="d" colour="red"></pl-excalidraw>',
    '<pl-excalidraw answers-name="d" gradable="maybe"></pl-excalidraw>',
]

# (element, submitted answers)
RENDER_CASES = [
    ('<pl-excalidraw answers-name="d"></pl-excalidraw>', {}),
    ('<pl-excalidraw answers-name="d"></pl-excalidraw>', {"d": SUBMITTED}),
    ('<pl-excalidraw answers-name="d" source-file-name="starter.excalidraw"></pl-excalidraw>', {}),
    ('<pl-excalidraw answers-name="d" source-file-name="starter.excalidraw" directory="clientFilesQuestion" width="50%" height="300px"></pl-excalidraw>', {}),
    ('<pl-excalidraw answers-name="d" source-file-name="starter.excalidraw" directory="clientFilesCourse"></pl-excalidraw>', {"d": SUBMITTED}),
    ('<pl-excalidraw answers-name="d" source-file-name="gone.excalidraw"></pl-excalidraw>', {}),
    ('<pl-excalidraw gradable="false" source-file-name="starter.excalidraw" directory="serverFilesCourse"></pl-excalidraw>', {}),
    ('<pl-excalidraw gradable="false"></pl-excalidraw>', {}),
    ('<pl-excalidraw gradable="false" answers-name="v" source-file-name="starter.excalidraw"></pl-excalidraw>', {"v": SUBMITTED}),
    ('<pl-excalidraw gradable="false" answers-name="v"></pl-excalidraw>', {"v": SUBMITTED}),
]

# (panel, editable, format errors)
PANELS = [
    ("question", True, {}),
    ("question", False, {}),
    ("submission", False, {}),
    ("submission", False, {"d": ["Invalid drawing submission: x <y>"]}),
    ("answer", False, {}),
]

PARSE_CASES = [
    ('<pl-excalidraw answers-name="d"></pl-excalidraw>', {"d": SUBMITTED}),
    ('<pl-excalidraw answers-name="d"></pl-excalidraw>', {"d": "not json"}),
    ('<pl-excalidraw answers-name="d"></pl-excalidraw>', {"d": ""}),
    ('<pl-excalidraw answers-name="d"></pl-excalidraw>', {}),
    ('<pl-excalidraw gradable="false" source-file-name="a"></pl-excalidraw>', {}),
]
