-- Reserved for issue 9 (0005_login_throttle); replaced by its statements.
SELECT 1;
