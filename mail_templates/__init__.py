"""The words of every email, as Jinja2 templates: <kind>.subject.txt, <kind>.txt, <kind>.html."""
