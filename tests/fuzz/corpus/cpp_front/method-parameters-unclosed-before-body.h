class CvA { void f( ] { } };
