"""Developer tools that never ship to the browser: the command line, message extraction and the
strategy table builder.
"""
